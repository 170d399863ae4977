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

/** The revert reason a failed call carries, in words (`AlreadyCheckedIn(20415)`), or a plain fallback. */
export function decodedRevertReason(error: unknown): string {
  const data = revertData(error);
  if (data && data !== "0x") {
    try {
      const decoded = decodeErrorResult({ abi: revertAbi, data });
      const args = (decoded.args ?? []).map((arg) => String(arg)).join(", ");
      // A require message (`Error(string)`) is its text; a custom error its name and arguments.
      return (decoded.errorName as string) === "Error" ? args : `${decoded.errorName}(${args})`;
    } catch {
      return `reverted with ${data.slice(0, 10)}`;
    }
  }
  return error instanceof BaseError ? error.shortMessage : "reverted";
}
