import { dailyAbi, genesisPassAbi } from "@arcana/contracts";
import { BaseError, decodeErrorResult, type Hex } from "viem";

const revertAbi = [...dailyAbi, ...genesisPassAbi];

/** The revert bytes somewhere in an RPC error's causes (nodes nest them differently). */
function revertData(error: unknown): Hex | undefined {
  const isHex = (value: unknown): value is Hex => typeof value === "string" && /^0x[0-9a-fA-F]*$/.test(value);
  for (let cause = error, depth = 0; cause && depth < 8; depth += 1) {
    const data = (cause as { data?: unknown }).data;
    if (isHex(data)) return data;
    const nested = (data as { data?: unknown } | undefined)?.data;
    if (isHex(nested)) return nested;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A failed call's revert, decoded against Arcana's contracts: in words (`AlreadyCheckedIn(20415)`) and the custom error's name. */
export function decodedRevert(error: unknown): { reason: string; errorName?: string } {
  const data = revertData(error);
  if (data && data !== "0x") {
    try {
      const decoded = decodeErrorResult({ abi: revertAbi, data });
      const args = (decoded.args ?? []).map((arg) => String(arg)).join(", ");
      // A require message (`Error(string)`) is its text; a custom error its name and arguments.
      const errorName = decoded.errorName as string;
      return errorName === "Error" ? { reason: args } : { reason: `${errorName}(${args})`, errorName };
    } catch {
      return { reason: `reverted with ${data.slice(0, 10)}` };
    }
  }
  return { reason: error instanceof BaseError ? error.shortMessage : "reverted" };
}
