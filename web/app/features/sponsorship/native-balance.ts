import type { PublicChain } from "@arcana/protocol";
import { useQuery } from "../../lib/query-hooks";

/** A wallet's native (gas token) balance on a chain, read straight from the chain's public RPC. */
export async function fetchNativeBalance(rpcUrl: string, address: string, signal?: AbortSignal): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getBalance", params: [address, "latest"] }),
    signal,
  });
  const answer = (await response.json()) as { result?: unknown };
  if (typeof answer.result !== "string" || !/^0x[0-9a-f]+$/i.test(answer.result)) {
    throw new Error("The network did not say this wallet's balance.");
  }
  return BigInt(answer.result);
}

/** `1234500000000000000n` with 18 decimals → "1.2345"; at most `digits` decimals, trailing zeros dropped. */
export function formatTokenAmount(amount: bigint, decimals: number, digits = 6): string {
  const unit = 10n ** BigInt(decimals);
  const whole = amount / unit;
  const fraction = (amount % unit).toString().padStart(decimals, "0").slice(0, digits).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * The wallet's gas token balance on the chain, in the token's smallest unit as a decimal string (the query
 * cache is stored as JSON, which has no bigint); undefined while unknown (or when it can't be read).
 */
export function useNativeBalance(chain: Pick<PublicChain, "id" | "rpc_url"> | null, address: string | null) {
  return useQuery({
    queryKey: ["chain", "balance", chain?.id ?? 0, address ?? ""] as const,
    queryFn: async ({ signal }) => (await fetchNativeBalance(chain?.rpc_url ?? "", address ?? "", signal)).toString(),
    enabled: chain !== null && address !== null,
    staleTime: 15_000,
    retry: false,
  });
}
