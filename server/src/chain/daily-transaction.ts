import { dailyAbi } from "@arcana/contracts";
import {
  BlockNotFoundError,
  isAddressEqual,
  type ParseEventLogsReturnType,
  parseEventLogs,
  TransactionReceiptNotFoundError,
} from "viem";
import type { ChainConfig } from "../config.js";
import { ApiError, DependencyUnavailableError } from "../shared/errors.js";
import type { ChainClients } from "./clients.js";

export type DailyEventName = "CheckedIn" | "TarotRecorded";
/** A Daily contract event as viem decodes it from a receipt, typed from the ABI. */
type DailyEventLog<Name extends DailyEventName> = ParseEventLogsReturnType<typeof dailyAbi, Name, true>[number];

export interface VerifiedDailyEvent<Name extends DailyEventName> {
  chain: ChainConfig;
  txHash: `0x${string}`;
  logIndex: number;
  blockNumber: number;
  blockHash: `0x${string}`;
  /** The block's time: whose wallet it was then decides whose check-in it is. */
  blockTime: Date;
  args: DailyEventLog<Name>["args"];
  /** The event as the credit paths take it: who, which GMT day, and where on the chain. */
  seen: SeenDailyEvent;
}

/** A Daily event a fast path saw: its wallet and day, and where it happened (block number too). */
export interface SeenDailyEvent {
  wallet: string;
  day: number;
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  blockTime: Date;
}

/**
 * Checks a member-submitted transaction before the indexer sees it: a successful, confirmed call
 * to this deployment's Daily contract, sent from the member's bound wallet, that emitted `eventName`.
 */
export async function verifyDailyTransaction<Name extends DailyEventName>(
  chainClients: ChainClients,
  input: { chainId: number; txHash: `0x${string}`; memberWallet: string | null; eventName: Name },
): Promise<VerifiedDailyEvent<Name>> {
  const { chainId, txHash, memberWallet, eventName } = input;
  if (!memberWallet) throw new ApiError("wallet_required", "Bind a wallet to your account first.");
  const chain = chainClients.chain(chainId);
  if (!chain) throw new ApiError("bad_request", `Chain ${chainId} is not one of this site's networks.`);
  const daily = chain.dailyAddress;
  if (!daily) throw new ApiError("bad_request", `The Daily contract is not deployed on chain ${chainId}.`);

  const client = chainClients.client(chainId);
  const notYet = (detail = "") =>
    new ApiError("conflict", `The transaction is not confirmed yet${detail}; try again in a moment.`);
  let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
  let head: bigint;
  try {
    // No cached head: a block number a few seconds old would count a fresh receipt as unconfirmed.
    [receipt, head] = await Promise.all([
      client.getTransactionReceipt({ hash: txHash }),
      client.getBlockNumber({ cacheTime: 0 }),
    ]);
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) throw notYet();
    throw new DependencyUnavailableError("rpc", { cause: error });
  }

  if (!receipt.to || !isAddressEqual(receipt.to, daily)) {
    throw new ApiError("bad_request", `This transaction is not a call to the Daily contract on chain ${chainId}.`);
  }
  if (!isAddressEqual(receipt.from, memberWallet as `0x${string}`)) {
    throw new ApiError(
      "forbidden",
      "This transaction was sent from another wallet than the one bound to your account.",
    );
  }
  if (receipt.status !== "success") {
    throw new ApiError("bad_request", "This transaction failed on chain, so there is nothing to credit.");
  }
  const confirmations = head - receipt.blockNumber;
  if (confirmations < BigInt(chain.confirmations)) {
    throw notYet(` (${confirmations} of ${chain.confirmations} confirmations)`);
  }
  const event = parseEventLogs({ abi: dailyAbi, logs: receipt.logs, eventName, strict: true }).find((log) =>
    isAddressEqual(log.address, daily),
  );
  if (!event) throw new ApiError("bad_request", `This transaction did not emit ${eventName} from the Daily contract.`);
  let block: Awaited<ReturnType<typeof client.getBlock>>;
  try {
    block = await client.getBlock({ blockHash: receipt.blockHash });
  } catch (error) {
    // The receipt's block is gone: a reorg moved the transaction; the indexer will see where it landed.
    if (error instanceof BlockNotFoundError) throw notYet();
    throw new DependencyUnavailableError("rpc", { cause: error });
  }
  const seen = {
    wallet: event.args.wallet,
    day: Number(event.args.day),
    chainId,
    txHash,
    logIndex: event.logIndex,
    blockNumber: Number(receipt.blockNumber),
    blockHash: receipt.blockHash,
    blockTime: new Date(Number(block.timestamp) * 1000),
  };
  return { ...seen, chain, txHash, blockHash: receipt.blockHash, args: event.args, seen };
}
