import { dailyAbi } from "@arcana/contracts";
import type {
  ApiRouteData,
  ApiRouteInput,
  creditCheckInRoute,
  creditTarotRecordRoute,
  PublicChain,
} from "@arcana/protocol";
import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { useTargetNetwork } from "../../wallet-runtime/target-network";
import { walletErrorMessage } from "../../wallet-runtime/wallet-errors";
import { loadWalletRuntime, useEvmWallet } from "../../wallet-runtime/wallet-store";
import { useMember } from "../account/use-member";

/** The Daily contract's two writes. */
export type DailyCall = { functionName: "checkIn" } | { functionName: "recordTarot"; digest: `0x${string}` };

/** What stands between the member and a Daily write, in the order they meet it. */
export type DailyReadiness =
  | { step: "sign-in" }
  | { step: "bind-wallet" }
  | { step: "connect-wallet" }
  | { step: "reconnecting" }
  | { step: "wrong-wallet"; bound: string }
  | { step: "no-contract"; chainName: string }
  | { step: "ready"; chain: PublicChain & { contracts: { daily: string } } };

/** The Daily contract's custom errors, as a member reads them. */
const revertMessages: Record<string, string> = {
  AlreadyCheckedIn: "You have already checked in today. A new check-in opens at 00:00 GMT.",
  TarotAlreadyRecorded: "Today's draw is already recorded on this network.",
};

/** Every message along an error's cause chain: viem and wagmi wrap the contract's own error. */
function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    messages.push(current.message);
    const errorName = (current as { data?: { errorName?: unknown } }).data?.errorName;
    if (typeof errorName === "string") messages.push(errorName);
    current = current.cause;
  }
  return messages;
}

/** The sentence to show for a failed check-in or tarot record: the API's, the contract's or the wallet's. */
export function dailyErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  const messages = messagesOf(error);
  for (const [name, message] of Object.entries(revertMessages)) {
    if (messages.some((text) => text.includes(name))) return message;
  }
  return walletErrorMessage(error);
}

/** The member's transaction, for `POST /blockchain/check_in` or `POST /blockchain/tarot`. */
export type DailyTransaction = ApiRouteInput<typeof creditCheckInRoute>["body"];

const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the API to credit a mined Daily transaction now. On chains that wait for confirmations the
 * API answers 409 until they are in, so it asks again a few times; null means it is still not
 * confirmed, and the indexer will credit it once it is.
 */
type CreditRoute = typeof creditCheckInRoute | typeof creditTarotRecordRoute;
type CreditOptions = { attempts?: number; delayMs?: number };
export function creditDailyTransaction(
  route: typeof creditCheckInRoute,
  transaction: DailyTransaction,
  options?: CreditOptions,
): Promise<ApiRouteData<typeof creditCheckInRoute> | null>;
export function creditDailyTransaction(
  route: typeof creditTarotRecordRoute,
  transaction: DailyTransaction,
  options?: CreditOptions,
): Promise<ApiRouteData<typeof creditTarotRecordRoute> | null>;
export async function creditDailyTransaction(
  route: CreditRoute,
  transaction: DailyTransaction,
  { attempts = 8, delayMs = 2000 }: CreditOptions = {},
): Promise<ApiRouteData<CreditRoute> | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await api(route, { body: transaction });
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.code === "conflict")) throw error;
      if (attempt >= attempts) return null;
      await waitFor(delayMs);
    }
  }
}

function sameAddress(a: string | null, b: string | null) {
  return a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
}

/**
 * The Daily contract on the member's target network: whether a write can go ahead now, and the
 * write itself (switch network if needed, then simulate, write and wait for the receipt).
 */
export function useDailyContract() {
  const member = useMember();
  const root = useRootData();
  const evm = useEvmWallet(root?.evmWallet);
  const [target] = useTargetNetwork();
  const [pending, setPending] = useState(false);

  let readiness: DailyReadiness;
  if (!member) readiness = { step: "sign-in" };
  else if (!member.wallet_address) readiness = { step: "bind-wallet" };
  else if (evm.status === "reconnecting") readiness = { step: "reconnecting" };
  else if (evm.status !== "connected") readiness = { step: "connect-wallet" };
  else if (evm.address && !sameAddress(evm.address, member.wallet_address)) {
    readiness = { step: "wrong-wallet", bound: member.wallet_address };
  } else if (!target?.contracts.daily) readiness = { step: "no-contract", chainName: target?.name ?? "this network" };
  else readiness = { step: "ready", chain: target as PublicChain & { contracts: { daily: string } } };

  /** Sends the call from the bound wallet on the target network; resolves once it is mined. */
  async function write(call: DailyCall): Promise<DailyTransaction> {
    if (readiness.step !== "ready") throw new Error("The wallet is not ready for this.");
    const chain = readiness.chain;
    setPending(true);
    try {
      const runtime = await loadWalletRuntime();
      if (evm.chainId !== chain.id) await runtime.switchEvmChain(chain.id);
      const receipt = await runtime.writeContract({
        chainId: chain.id,
        address: chain.contracts.daily,
        abi: dailyAbi,
        functionName: call.functionName,
        args: call.functionName === "recordTarot" ? [call.digest] : [],
      });
      return { tx_hash: receipt.transactionHash, chain_id: chain.id };
    } finally {
      setPending(false);
    }
  }

  return { readiness, target, write, pending };
}
