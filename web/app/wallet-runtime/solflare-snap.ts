import { limits } from "@arcana/protocol";

const requestId = "solflare-detect-metamask";

interface MetaMaskMessage {
  target?: string;
  data?: { name?: string; data?: { id?: string; error?: unknown } };
}

/**
 * Solflare also runs inside MetaMask as a snap. MetaMask's content script answers a
 * `wallet_getSnaps` message when it runs snaps; nothing answers otherwise, so the check gives up
 * after the spec's detection timeout (5000 ms) and resolves false.
 */
export function detectMetaMaskSnaps(timeoutMs: number = limits.walletDetectionTimeoutMs): Promise<boolean> {
  return new Promise((resolve) => {
    const ask = () =>
      window.postMessage(
        {
          target: "metamask-contentscript",
          data: { name: "metamask-provider", data: { id: requestId, jsonrpc: "2.0", method: "wallet_getSnaps" } },
        },
        window.location.origin,
      );
    const finish = (found: boolean) => {
      window.removeEventListener("message", onMessage);
      clearTimeout(timer);
      resolve(found);
    };
    function onMessage(event: MessageEvent) {
      const message = event.data as MetaMaskMessage | null;
      if (message?.target !== "metamask-inpage" || message.data?.name !== "metamask-provider") return;
      // Another answer first means MetaMask is there but was not listening yet: ask again.
      if (message.data.data?.id === requestId) finish(!message.data.data.error);
      else ask();
    }
    const timer = setTimeout(() => finish(false), timeoutMs);
    window.addEventListener("message", onMessage);
    ask();
  });
}

/** Registers Solflare-in-MetaMask as a wallet-standard wallet when MetaMask runs snaps. */
export async function registerSolflareSnap(): Promise<boolean> {
  if (!(await detectMetaMaskSnaps())) return false;
  const { initialize } = await import("@solflare-wallet/metamask-wallet-standard");
  initialize();
  return true;
}
