import { lazy, Suspense, useEffect } from "react";
import { useRootData } from "../lib/root-data";
import { whenIdle } from "../lib/when-idle";
import { solanaWalletNameKey, useWalletStore } from "./wallet-store";

// The wallet stacks (wagmi, connectors, Solana adapters) are heavy: they load on demand, never on first paint.
const WalletRuntime = lazy(() => import("./wallet-runtime"));

/**
 * Mounts the wallet stacks once something asks for them, or soon after load for a returning member
 * (a remembered EVM connection or Solana wallet), so auto-connect works without a click.
 */
export function WalletRuntimeHost() {
  const root = useRootData();
  const requested = useWalletStore((state) => state.runtimeRequested);
  const requestRuntime = useWalletStore((state) => state.requestRuntime);
  const rememberedEvm = root?.evmWallet.status !== "disconnected";

  useEffect(() => {
    if (requested) return;
    let rememberedSolana = false;
    try {
      rememberedSolana = window.localStorage.getItem(solanaWalletNameKey) !== null;
    } catch {
      // Storage blocked: nothing to reconnect.
    }
    if (!rememberedEvm && !rememberedSolana) return;
    return whenIdle(requestRuntime);
  }, [requested, rememberedEvm, requestRuntime]);

  if (!requested || !root) return null;
  return (
    <Suspense fallback={null}>
      <WalletRuntime config={root.config} />
    </Suspense>
  );
}
