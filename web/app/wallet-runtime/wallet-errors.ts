import type { MessageId, Translate } from "../i18n/use-t";
import { showToast, type ToastAction } from "../ui/toast-store";

/** EIP-1193 codes the spec names (§5, §8). */
export const userRejectedCode = 4001;
export const requestPendingCode = -32002;
export const unrecognizedChainCode = 4902;

/** What each wallet error means to a member; the error's own name stays visible (spec §8). */
const friendlyByName: Record<string, MessageId> = {
  WalletNotSelectedError: "modal.walletError.notSelected",
  WalletNotReadyError: "modal.walletError.notReady",
  WalletLoadError: "modal.walletError.load",
  WalletConfigError: "modal.walletError.config",
  WalletConnectionError: "modal.walletError.connection",
  WalletDisconnectedError: "modal.walletError.disconnected",
  WalletDisconnectionError: "modal.walletError.disconnection",
  WalletAccountError: "modal.walletError.account",
  WalletPublicKeyError: "modal.walletError.publicKey",
  WalletNotConnectedError: "modal.walletError.notConnected",
  WalletSendTransactionError: "modal.walletError.sendTransaction",
  WalletSignTransactionError: "modal.walletError.signTransaction",
  WalletSignMessageError: "modal.walletError.signMessage",
  WalletWindowClosedError: "modal.walletError.windowClosed",
  WalletTimeoutError: "modal.walletError.timeout",
  ChainNotConfiguredError: "modal.walletError.chainNotConfigured",
  ConnectorNotConnectedError: "modal.walletError.notConnected",
  ProviderNotFoundError: "modal.walletError.providerNotFound",
  ChainMismatchError: "modal.walletError.chainMismatch",
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

/**
 * A sentence a member can act on, in the page's language, for any error a wallet or chain may throw. In
 * English a network mismatch is said in wagmi's own words, which name both networks; an error this app
 * does not know keeps the wallet's own first line.
 */
export function walletErrorMessage(error: unknown, t: Translate): string {
  if (hasCode(error, requestPendingCode)) return t("modal.walletError.pending");
  if (hasCode(error, userRejectedCode) || nameOf(error) === "UserRejectedRequestError") {
    return t("modal.walletError.rejected");
  }
  const name = nameOf(error);
  if (name === "ChainMismatchError" && t.language === "en") return (error as Error).message;
  const friendly = friendlyByName[name];
  if (friendly) return `${t(friendly)} (${name})`;
  const detail = error instanceof Error && error.message ? error.message : null;
  return detail ? (detail.split("\n")[0] ?? detail) : t("modal.walletError.other");
}

/** Shows a wallet error as a toast, optionally with an action (e.g. "Switch network"). */
export function showWalletError(error: unknown, action?: ToastAction) {
  showToast({ message: (t) => walletErrorMessage(error, t), tone: "error", ...(action ? { action } : {}) });
}
