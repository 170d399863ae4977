import { ApiRequestError } from "../../lib/api";
import { walletErrorMessage } from "../../wallet-runtime/wallet-errors";

/** GenesisPass's custom errors (contracts/src/GenesisPass.sol), in words a member can act on. */
const contractErrors: Record<string, string> = {
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

/** Every error along the cause chain: wagmi and viem wrap what the contract or wallet said. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && typeof current === "object" && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function contractErrorName(error: unknown): string | null {
  for (const cause of causes(error)) {
    const decoded = (cause as { data?: { errorName?: unknown } }).data?.errorName;
    if (typeof decoded === "string" && decoded in contractErrors) return decoded;
    const message = cause instanceof Error ? cause.message.trim() : "";
    if (message in contractErrors) return message;
  }
  return null;
}

function lacksGas(error: unknown): boolean {
  return causes(error).some(
    (cause) =>
      cause instanceof Error &&
      (cause.name === "InsufficientFundsError" ||
        /exceeds the balance of the account|insufficient funds/i.test(cause.message)),
  );
}

export interface ErrorWording {
  /** Formats a time for this member (local time in the browser). */
  formatTime: (date: Date) => string;
  /** The gas currency of the chain the action ran on, e.g. "ETH" or "USDC". */
  gasCurrency?: string;
}

/**
 * What to tell a member when minting, staking or unstaking fails: the server's own sentence
 * (with an unlock time in their local time), the contract's revert reason in words, a wallet
 * that lacks gas, or the wallet's own error.
 */
export function passActionErrorMessage(error: unknown, wording: ErrorWording): string {
  if (error instanceof ApiRequestError) {
    const { unlocksAt } = error;
    return unlocksAt ? error.message.replace(unlocksAt, wording.formatTime(new Date(unlocksAt))) : error.message;
  }
  const reverted = contractErrorName(error);
  if (reverted) return contractErrors[reverted] as string;
  if (lacksGas(error)) {
    return `Your wallet does not have enough ${wording.gasCurrency ?? "funds"} to pay for gas on this network.`;
  }
  return walletErrorMessage(error);
}
