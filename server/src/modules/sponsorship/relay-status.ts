import type { RelayStatus, SponsoredAction } from "@arcana/protocol";
import { and, eq } from "drizzle-orm";
import type { Hex } from "viem";
import { ApiError } from "../../shared/errors.js";
import { relayFailureOf } from "./relay-failures.js";
import { publicRelayState } from "./relay-states.js";
import { sponsoredRelays } from "./schema.js";
import type { SponsorshipContext } from "./sponsorship-context.js";

/** `GET /blockchain/relay/{relay_id}`: one of the member's relays, its state, transaction and failure. */
export async function relayStatus({ db }: SponsorshipContext, userId: string, relayId: string): Promise<RelayStatus> {
  const [row] = await db
    .select()
    .from(sponsoredRelays)
    .where(and(eq(sponsoredRelays.id, relayId), eq(sponsoredRelays.userId, userId)));
  if (!row) throw new ApiError("not_found", "There is no such relay of yours.");
  return {
    relay_id: row.id,
    chain_id: row.chainId,
    action: row.action as SponsoredAction,
    state: publicRelayState(row.state),
    tx_hash: (row.txHash as Hex | null) ?? null,
    failure_reason: row.failureReason,
    failure: relayFailureOf(row.state === "failed", row.failureReason),
    credited: row.credited,
  };
}
