import { expect } from "chai";
import hre from "hardhat";
import {
  type Abi,
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  type Hash,
  type Hex,
  type Log,
  parseEventLogs,
} from "viem";

/** The custom error a failed call or transaction reverted with, decoded with the contract's ABI. */
function revertReason(error: BaseError, abi?: Abi): { errorName: string; args: readonly unknown[] } | undefined {
  const decoded = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (decoded instanceof ContractFunctionRevertedError && decoded.data) {
    return { errorName: decoded.data.errorName, args: decoded.data.args ?? [] };
  }
  // Hardhat answers eth_sendTransaction with the raw revert data deep in the cause chain.
  const contractError = error.walk((cause) => cause instanceof ContractFunctionExecutionError);
  const errorAbi = abi ?? (contractError instanceof ContractFunctionExecutionError ? contractError.abi : undefined);
  let cause: unknown = error;
  while (cause instanceof Error) {
    const data = (cause as { data?: unknown }).data;
    if (typeof data === "string" && data.startsWith("0x") && errorAbi) {
      const result = decodeErrorResult({ abi: errorAbi, data: data as Hex });
      return { errorName: result.errorName, args: result.args ?? [] };
    }
    cause = cause.cause;
  }
  return undefined;
}

/** Awaits a call or transaction that must revert with the named custom error (and, if given, these args). */
export async function expectRevert(
  promise: Promise<unknown>,
  errorName: string,
  args?: readonly unknown[],
  abi?: Abi,
): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof BaseError)) throw error;
    const reason = revertReason(error, abi);
    if (!reason) throw new Error(`expected revert ${errorName}, got: ${error.message}`);
    expect(reason.errorName, `revert reason`).to.equal(errorName);
    if (args) expect(reason.args).to.deep.equal(args);
    return;
  }
  throw new Error(`expected revert ${errorName}, but the call succeeded`);
}

/** The receipt of a sent transaction, asserting it succeeded. */
export async function mined(hashPromise: Promise<Hash>) {
  const publicClient = await hre.viem.getPublicClient();
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await hashPromise });
  expect(receipt.status).to.equal("success");
  return receipt;
}

/** An event's named arguments as a plain record (an event with unnamed arguments has none). */
export function namedArgs(args: unknown): Record<string, unknown> {
  return typeof args === "object" && args !== null && !Array.isArray(args)
    ? Object.fromEntries(Object.entries(args))
    : {};
}

/** Decoded events of one name from a receipt's logs. */
export function eventsOf<const TAbi extends Abi>(abi: TAbi, logs: Log[], eventName: string) {
  return parseEventLogs({ abi, logs })
    .filter((log) => log.eventName === eventName)
    .map((log) => ({ args: namedArgs(log.args) }));
}

export async function latestTimestamp(): Promise<bigint> {
  const publicClient = await hre.viem.getPublicClient();
  return (await publicClient.getBlock()).timestamp;
}

export const SECONDS_PER_DAY = 86_400n;
