import type { PublicConfig, User } from "@arcana/protocol";
import { useRouteLoaderData } from "react-router";
import type { EvmWalletState } from "../wallet-runtime/wallet-store";

/** What the root loader hands every page: the public config, the session user, the wallet cookie's state. */
export interface RootData {
  config: PublicConfig;
  user: User | null;
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  evmWallet: EvmWalletState;
}

/** The root loader's data; undefined only when the root loader failed. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
