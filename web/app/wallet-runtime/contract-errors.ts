import type { RelayFailure } from "@arcana/protocol";
import type { MessageId, Translate } from "../i18n/use-t";
import { ApiRequestError, errorMessage, errorMessageId } from "../lib/api";
import { findCause, walletErrorMessage } from "./wallet-errors";

/** The custom errors of Arcana's contracts (contracts/src/Daily.sol, GenesisPass.sol), in words a member can act on. */
const revertMessages: Record<string, MessageId> = {
  AlreadyCheckedIn: "modal.revert.alreadyCheckedIn",
  TarotAlreadyRecorded: "modal.revert.tarotAlreadyRecorded",
  AlreadyMinted: "modal.revert.alreadyMinted",
  AlreadyStaked: "modal.revert.alreadyStaked",
  NotStaked: "modal.revert.notStaked",
  NotOwner: "modal.revert.notOwner",
  AuthorizationExpired: "modal.revert.authorizationExpired",
  NonceUsed: "modal.revert.nonceUsed",
  InvalidNonce: "modal.revert.invalidNonce",
  InvalidSigner: "modal.revert.invalidSigner",
  Soulbound: "modal.revert.soulbound",
  ZeroAddress: "modal.revert.zeroAddress",
};

/** Why a sponsored transaction failed after it was accepted (`RelayStatus.failure`), in words. */
const relayFailureMessages: Record<RelayFailure, MessageId> = {
  transaction_reverted: "modal.relayFailure.transactionReverted",
  forwarder_refused: "modal.relayFailure.forwarderRefused",
  call_reverted: "modal.relayFailure.callReverted",
  nonce_taken: "modal.relayFailure.nonceTaken",
  expired: "modal.relayFailure.expired",
  other: "modal.relayFailure.other",
};

/** The API's refusals of a relay: said from the catalogs in every language (the English ones included). */
const relayRefusals = new Set<string>([
  "sponsorship_off",
  "not_sponsored",
  "quota_used",
  "budget_spent",
  "relay_pending",
  "bad_deadline",
]);

/**
 * The contract's error name an error carries: viem's decoded `data.errorName`, or the message
 * writeContractAndWait gives a failed simulation or a reverted receipt (the decoded name).
 */
function revertNameOf(cause: unknown): string | null {
  const decoded = (cause as { data?: { errorName?: unknown } } | null)?.data?.errorName;
  if (typeof decoded === "string" && decoded in revertMessages) return decoded;
  const message = cause instanceof Error ? cause.message.trim() : "";
  return message in revertMessages ? message : null;
}

function lacksGas(cause: unknown): boolean {
  return (
    cause instanceof Error &&
    (cause.name === "InsufficientFundsError" ||
      /exceeds the balance of the account|insufficient funds/i.test(cause.message))
  );
}

export interface ContractErrorWording {
  /** The page's translator: the member reads it in the page's language. */
  t: Translate;
  /** The gas currency of the chain the write ran on, e.g. "ETH" or "USDC". */
  gasCurrency?: string | undefined;
  /** Formats a time for this member (local time in the browser); the server's ISO time otherwise. */
  formatTime?: (date: Date) => string;
}

/**
 * What to tell a member when a contract write fails, in the page's language: a refused relay by its
 * code (with the day's quota), a simulation's or the chain's revert reason in words, a relay that
 * failed on its way, a wallet that lacks gas; other API refusals as `errorMessage` says them (in
 * English the server's own sentence, with an unlock time in the member's local time); else the
 * wallet's own error.
 */
export function contractErrorMessage(error: unknown, wording: ContractErrorWording): string {
  const { t } = wording;
  if (error instanceof ApiRequestError) {
    const reverted = error.revert ? revertMessages[error.revert] : undefined;
    if (error.code === "simulation_reverted" && reverted) return t(reverted);
    if (relayRefusals.has(error.code)) return t(errorMessageId(error.code), { quota: error.quota ?? 0 });
    const { unlocksAt } = error;
    if (t.language !== "en") return errorMessage(error, t);
    return unlocksAt && wording.formatTime
      ? error.message.replace(unlocksAt, wording.formatTime(new Date(unlocksAt)))
      : error.message;
  }
  if (error instanceof Error && error.name === "RelayFailedError") {
    const { failure } = error as Error & { failure?: RelayFailure | null };
    return t(relayFailureMessages[failure ?? "other"]);
  }
  if (error instanceof Error && error.name === "RelayStillPendingError") return t("modal.relay.stillPending");
  const reverted = revertNameOf(findCause(error, (cause) => revertNameOf(cause) !== null));
  if (reverted) return t(revertMessages[reverted] as MessageId);
  if (findCause(error, lacksGas) !== null) {
    return wording.gasCurrency ? t("modal.gas.lacking", { symbol: wording.gasCurrency }) : t("modal.gas.lackingFunds");
  }
  return walletErrorMessage(error, t);
}
