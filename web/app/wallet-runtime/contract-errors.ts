import { ApiRequestError } from "../lib/api";
import { findCause, walletErrorMessage } from "./wallet-errors";

/** The custom errors of Arcana's contracts (contracts/src/Daily.sol, GenesisPass.sol), in words a member can act on. */
const revertMessages: Record<string, string> = {
  AlreadyCheckedIn: "You have already checked in today. A new check-in opens at 00:00 GMT.",
  TarotAlreadyRecorded: "Today's draw is already recorded on this network.",
  AlreadyMinted: "This wallet already holds a Genesis Pass on this network.",
  AlreadyStaked: "This pass is already staked.",
  NotStaked: "This pass is not staked.",
  NotOwner: "Only the wallet that holds this pass can do that. Switch to your bound wallet.",
  AuthorizationExpired: "The authorization expired before the transaction was sent. Please try again.",
  NonceUsed: "That authorization was already used. Please try again for a fresh one.",
  InvalidNonce: "That authorization is out of date. Please try again for a fresh one.",
  InvalidSigner: "The contract did not accept Arcana's authorization on this network.",
  Soulbound: "A Genesis Pass is bound to its wallet and cannot be transferred.",
  ZeroAddress: "The pass cannot be minted to an empty address.",
};

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
  /** The gas currency of the chain the write ran on, e.g. "ETH" or "USDC". */
  gasCurrency?: string | undefined;
  /** Formats a time for this member (local time in the browser); the server's ISO time otherwise. */
  formatTime?: (date: Date) => string;
}

/**
 * What to tell a member when a contract write fails: the server's own sentence (with an unlock
 * time in their local time), the contract's revert reason in words, a wallet that lacks gas, or
 * the wallet's own error.
 */
export function contractErrorMessage(error: unknown, wording: ContractErrorWording = {}): string {
  if (error instanceof ApiRequestError) {
    const { unlocksAt } = error;
    return unlocksAt && wording.formatTime
      ? error.message.replace(unlocksAt, wording.formatTime(new Date(unlocksAt)))
      : error.message;
  }
  const reverted = revertNameOf(findCause(error, (cause) => revertNameOf(cause) !== null));
  if (reverted) return revertMessages[reverted] as string;
  if (findCause(error, lacksGas) !== null) {
    return `Your wallet does not have enough ${wording.gasCurrency ?? "funds"} to pay for gas on this network.`;
  }
  return walletErrorMessage(error);
}
