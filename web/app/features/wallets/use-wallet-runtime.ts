import { useEffect } from "react";
import { showWalletError } from "../../wallet-runtime/wallet-errors";
import { loadWalletRuntime, useWalletStore, type WalletRuntime } from "../../wallet-runtime/wallet-store";

/** Loads the wallet stacks when a wallet UI appears; returns them once ready (null before). */
export function useWalletRuntime(): WalletRuntime | null {
  const runtime = useWalletStore((state) => state.runtime);
  const requestRuntime = useWalletStore((state) => state.requestRuntime);
  useEffect(() => requestRuntime(), [requestRuntime]);
  return runtime;
}

/** Runs a wallet action once the stacks are loaded; failures become friendly toasts. */
export async function withWalletRuntime<Result>(
  action: (runtime: WalletRuntime) => Promise<Result>,
): Promise<Result | undefined> {
  try {
    return await action(await loadWalletRuntime());
  } catch (error) {
    showWalletError(error);
    return undefined;
  }
}
