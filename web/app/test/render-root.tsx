import type { Language } from "@arcana/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import type { EvmWalletState } from "../wallet-runtime/wallet-store";
import { testConfig, testI18n } from "./fixtures";

/** Loaders run before the first render; there is nothing to show meanwhile. */
function NothingYet() {
  return null;
}

/**
 * Renders `Component` as the root route of a data router, as a page renders under the app's root:
 * `rootData` answers the root loader (called on every load, so it may read state the test changes),
 * a fresh query client (no retries) serves the hooks, `path` is the address. Returns the client.
 */
export function renderAsRoot(Component: ComponentType, rootData: () => unknown, path = "/") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Stub = createRoutesStub([{ id: "root", path: "*", Component, HydrateFallback: NothingYet, loader: rootData }]);
  render(
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={[path]} />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** The root loader's data of a page: who is signed in, the messages (English by default), the public config, the wallet. */
export function testRootData(
  user: unknown,
  {
    config = testConfig(),
    evmWallet,
    language = "en",
  }: { config?: unknown; evmWallet?: EvmWalletState; language?: Language } = {},
) {
  return { user, cspNonce: "n", ...testI18n(language), config, evmWallet };
}
