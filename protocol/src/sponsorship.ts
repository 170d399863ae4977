import { z } from "zod";
import { MAX_CHAIN_ID } from "./chains.js";
import { evmAddressSchema, hexSchema, txHashSchema } from "./hex.js";

/**
 * The on-chain actions the operator can sponsor (the economy file's `sponsorship.actions`): each is
 * one contract function, relayed through the chain's ERC-2771 forwarder.
 */
export const sponsoredActions = ["mint", "stake", "unstake", "check_in", "record_tarot"] as const;
export type SponsoredAction = (typeof sponsoredActions)[number];

/**
 * The contract and function behind each sponsored action: the relayer allows exactly these, and the
 * web names the action of the call it is about to sign from the same table.
 */
export const sponsoredActionCalls = {
  check_in: { contract: "daily", functionName: "checkIn" },
  record_tarot: { contract: "daily", functionName: "recordTarot" },
  stake: { contract: "genesisPass", functionName: "stake" },
  unstake: { contract: "genesisPass", functionName: "unstake" },
  mint: { contract: "genesisPass", functionName: "mint" },
} as const satisfies Record<SponsoredAction, { contract: "daily" | "genesisPass"; functionName: string }>;

/** The sponsored action of a call to `functionName` on `contract`, or null when none is. */
export function sponsoredActionOfCall(contract: "daily" | "genesisPass", functionName: string): SponsoredAction | null {
  for (const action of sponsoredActions) {
    const call = sponsoredActionCalls[action];
    if (call.contract === contract && call.functionName === functionName) return action;
  }
  return null;
}

/**
 * Gas per sponsored action inside the forwarder (the request's signed `gas`): `signed` is what the
 * web asks for (the most the call needs on a first use, contracts/README.md "Gas", with room to
 * spare), `max` the most the relayer accepts (more is refused `not_sponsored`). One table for both.
 */
export const sponsoredGas: Record<SponsoredAction, { signed: number; max: number }> = {
  mint: { signed: 250_000, max: 300_000 },
  stake: { signed: 120_000, max: 150_000 },
  unstake: { signed: 180_000, max: 200_000 },
  check_in: { signed: 120_000, max: 150_000 },
  record_tarot: { signed: 120_000, max: 150_000 },
};

/** Why sponsorship is off on a chain for this member right now. */
export const sponsorshipOffReasons = [
  /** No forwarder or no relayer key on this chain, or the economy file sponsors nothing there. */
  "not_configured",
  /** The chain's daily budget (native token) is spent. */
  "budget_spent",
  /** The relayer's balance fell below the operator's threshold: sponsorship pauses until it is funded. */
  "relayer_low_funds",
  /** The member used their sponsored transactions for this GMT day. */
  "quota_used",
  /** The chain's RPC does not answer: nothing can be checked or sent there until it does (no funding needed). */
  "chain_unreachable",
] as const;
export type SponsorshipOffReason = (typeof sponsorshipOffReasons)[number];

/** The longest a signed request may stay valid: its deadline is at most this far ahead. */
export const MAX_RELAY_DEADLINE_SECONDS = 600;

export const chainSponsorshipSchema = z.object({
  chain_id: z.number().int(),
  enabled: z.boolean(),
  /** The ERC-2771 forwarder members sign requests for (EIP-712 domain `verifyingContract`). */
  forwarder: evmAddressSchema.nullable(),
  actions: z.array(z.enum(sponsoredActions)),
  /** Sponsored transactions the member has left this GMT day on this chain. */
  left_today: z.number().int(),
  /** The forwarder nonce the member's next request must carry (null when off or unknown). */
  next_nonce: z.string().nullable(),
  /** Why sponsorship is off; null when it is on. */
  reason: z.enum(sponsorshipOffReasons).nullable(),
});
export type ChainSponsorship = z.infer<typeof chainSponsorshipSchema>;

/** `GET /blockchain/sponsorship`: one entry per configured chain. */
export const sponsorshipSchema = z.object({ chains: z.array(chainSponsorshipSchema) });
export type Sponsorship = z.infer<typeof sponsorshipSchema>;

const uintString = z.string().regex(/^(0|[1-9][0-9]{0,76})$/, "a whole number in decimal");

/** OpenZeppelin 5's `ERC2771Forwarder.ForwardRequest` as the member signed it (EIP-712), numbers in decimal. */
export const forwardRequestSchema = z.object({
  from: evmAddressSchema,
  to: evmAddressSchema,
  value: uintString,
  gas: uintString,
  nonce: uintString,
  /** Unix seconds (uint48 on chain). */
  deadline: z
    .number()
    .int()
    .min(0)
    .max(2 ** 48 - 1),
  data: hexSchema,
});
export type ForwardRequest = z.infer<typeof forwardRequestSchema>;

/** `POST /blockchain/relay`. */
export const relayRequestSchema = z.object({
  chain_id: z.number().int().positive().max(MAX_CHAIN_ID, "no such chain"),
  request: forwardRequestSchema,
  signature: hexSchema,
});
export type RelayRequest = z.infer<typeof relayRequestSchema>;

export const relayStates = ["queued", "sent", "confirmed", "failed"] as const;
export type RelayState = (typeof relayStates)[number];

/** `202` answer of `POST /blockchain/relay`: the same signed request sent again answers the same relay. */
export const relayAcceptedSchema = z.object({
  relay_id: z.string().uuid(),
  state: z.enum(relayStates),
});
export type RelayAccepted = z.infer<typeof relayAcceptedSchema>;

export const relayParamsSchema = z.object({ relay_id: z.string().uuid("a relay id is a UUID") });

/**
 * Why a relay failed, for the member's own words: the transaction carrying it reverted, the forwarder
 * refused the request (expired, or its nonce used), the forwarded call reverted, another transaction of
 * the relayer took its nonce, or it expired before it could be sent; `other` for a reason none of these.
 */
export const relayFailures = [
  "transaction_reverted",
  "forwarder_refused",
  "call_reverted",
  "nonce_taken",
  "expired",
  "other",
] as const;
export type RelayFailure = (typeof relayFailures)[number];

/** `GET /blockchain/relay/{relay_id}`. */
export const relayStatusSchema = z.object({
  relay_id: z.string().uuid(),
  chain_id: z.number().int(),
  action: z.enum(sponsoredActions),
  state: z.enum(relayStates),
  /** The transaction that carries (or carried) the request; a replacement changes it until one confirms. */
  tx_hash: txHashSchema.nullable(),
  /** Plain words: why it failed (reverted on chain, expired before it could be sent, …). */
  failure_reason: z.string().nullable(),
  /** The same reason as a code (null unless failed), for the member's language. */
  failure: z.enum(relayFailures).nullable(),
  /** A confirmed check-in or tarot record was credited (points in the ledger). */
  credited: z.boolean(),
});
export type RelayStatus = z.infer<typeof relayStatusSchema>;

/** Amounts of the chain's native token, as decimal text (e.g. "0.0421"). */
const nativeAmountText = z.string();

/** One chain's relayer, as the operator console shows it (`GET /operator/sponsorship`). */
export const operatorSponsoredChainSchema = z.object({
  chain_id: z.number().int(),
  chain_key: z.string(),
  /** The native token's symbol (BNB, USDC, ETH). */
  symbol: z.string(),
  relayer: evmAddressSchema,
  /** Null when the chain did not answer. */
  balance: nativeAmountText.nullable(),
  /** Below it sponsorship pauses. */
  low_balance: nativeAmountText,
  budget: nativeAmountText,
  spent_today: nativeAmountText,
  reserved_today: nativeAmountText,
  /** Relays accepted and not yet settled. */
  queue_depth: z.number().int(),
  /** Of those, accepted more than a minute ago. */
  waiting_over_minute: z.number().int(),
  confirmed: z.number().int(),
  failed: z.number().int(),
  /** Relayer transactions replaced by a fee-bumped one. */
  replaced: z.number().int(),
  /** Per GMT day (`YYYY-MM-DD`, oldest first, every day of the window): sponsored relays and their outcomes. */
  days: z.array(
    z.object({
      date: z.string(),
      relays: z.number().int(),
      confirmed: z.number().int(),
      failed: z.number().int(),
      spent: nativeAmountText,
    }),
  ),
});
export type OperatorSponsoredChain = z.infer<typeof operatorSponsoredChainSchema>;

export const operatorSponsorshipSchema = z.object({
  /** The window of `days`, in GMT days. */
  window_days: z.number().int(),
  chains: z.array(operatorSponsoredChainSchema),
});
export type OperatorSponsorship = z.infer<typeof operatorSponsorshipSchema>;
