import { showToast, type ToastAction } from "../ui/toast-store";

/** EIP-1193 codes the spec names (§5, §8). */
export const userRejectedCode = 4001;
export const requestPendingCode = -32002;
export const unrecognizedChainCode = 4902;

/** What each wallet error means to a member; the error's own name stays visible (spec §8). */
const friendlyByName: Record<string, string> = {
  WalletNotSelectedError: "Choose a wallet first.",
  WalletNotReadyError: "That wallet is not installed or not ready in this browser.",
  WalletLoadError: "The wallet could not be loaded.",
  WalletConfigError: "The wallet is not set up correctly.",
  WalletConnectionError: "The wallet could not connect.",
  WalletDisconnectedError: "The wallet disconnected.",
  WalletDisconnectionError: "The wallet could not disconnect.",
  WalletAccountError: "The wallet returned no account.",
  WalletPublicKeyError: "The wallet returned an invalid public key.",
  WalletNotConnectedError: "Connect a wallet first.",
  WalletSendTransactionError: "The wallet could not send the transaction.",
  WalletSignTransactionError: "The wallet could not sign the transaction.",
  WalletSignMessageError: "The wallet could not sign the message.",
  WalletWindowClosedError: "The wallet window was closed.",
  WalletTimeoutError: "The wallet took too long to answer.",
  ChainNotConfiguredError: "That network is not configured on this site.",
  ConnectorNotConnectedError: "Connect a wallet first.",
  ProviderNotFoundError: "No wallet was found in this browser.",
  ChainMismatchError: "Your wallet is on a different network.",
};

/**
 * The first error along `error`'s cause chain (itself included) that `matches`, or null: wagmi and
 * viem wrap the wallet's and the contract's own errors. viem's `BaseError.walk`, applied to any
 * error, written out so that pages showing wallet errors do not load viem for it.
 */
export function findCause(error: unknown, matches: (cause: unknown) => boolean): unknown {
  if (matches(error)) return error;
  if (error && typeof error === "object" && "cause" in error && error.cause !== undefined) {
    return findCause(error.cause, matches);
  }
  return null;
}

function hasCode(error: unknown, code: number): boolean {
  return findCause(error, (cause) => (cause as { code?: unknown } | null)?.code === code) !== null;
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : "Error";
}

/** A sentence a member can act on, for any error a wallet or chain may throw. */
export function walletErrorMessage(error: unknown): string {
  if (hasCode(error, requestPendingCode)) {
    return "A request is already open in your wallet. Open your wallet to finish or dismiss it.";
  }
  if (hasCode(error, userRejectedCode) || nameOf(error) === "UserRejectedRequestError") {
    return "Request rejected: you declined it in your wallet.";
  }
  const name = nameOf(error);
  if (name === "ChainMismatchError") return (error as Error).message;
  const friendly = friendlyByName[name];
  const detail = error instanceof Error && error.message && !friendly ? error.message : null;
  if (friendly) return `${friendly} (${name})`;
  return detail ? (detail.split("\n")[0] ?? detail) : "The wallet reported an error.";
}

/** Shows a wallet error as a toast, optionally with an action (e.g. "Switch network"). */
export function showWalletError(error: unknown, action?: ToastAction) {
  showToast({ message: walletErrorMessage(error), tone: "error", ...(action ? { action } : {}) });
}
