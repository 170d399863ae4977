// Races on on-chain credits: staking claims, check-in and tarot credits (tx-hash path + indexer).
import type { Hex } from "viem";
import { dataOf, getJson, memberChain, postJson } from "./client.js";
import {
  CONCURRENCY,
  claimAll,
  claimOne,
  indexedPast,
  ledgerRows,
  pendingPoints,
  type RaceCase,
  type Staked,
  stakedMember,
  times,
  verifyStakingLedger,
} from "./race-kit.js";

export const chainRaces: RaceCase[] = [
  {
    name: "staking claim_one ×50",
    rounds: 12,
    setup: (ctx) => stakedMember(ctx, "claim-one"),
    async round(ctx, state) {
      const { member, tokenId } = state as Staked;
      await pendingPoints(ctx, member);
      const before = (await ledgerRows(ctx.env, member.email, "staking")).length;
      return {
        attempts: times(CONCURRENCY, () => claimOne(ctx, member, tokenId)),
        verify: async () => verifyStakingLedger(ctx.env, member, before),
      };
    },
  },
  {
    name: "staking claim_one + claim_all + unstake_signature (mixed)",
    rounds: 12,
    setup: (ctx) => stakedMember(ctx, "claim-mixed"),
    async round(ctx, state) {
      const { member, tokenId } = state as Staked;
      await pendingPoints(ctx, member);
      const before = (await ledgerRows(ctx.env, member.email, "staking")).length;
      const unstake = () =>
        postJson(ctx.url, "/blockchain/unstake_signature", { token_id: tokenId, chain_id: 31337 }, member.headers);
      return {
        attempts: times(CONCURRENCY, (i) =>
          i % 5 === 4 ? unstake : i % 2 === 0 ? claimOne(ctx, member, tokenId) : claimAll(ctx, member),
        ),
        verify: async () => verifyStakingLedger(ctx.env, member, before),
      };
    },
  },
  {
    name: "check-in credit ×50 (tx-hash path + indexer)",
    rounds: 3,
    async round(ctx) {
      const member = await ctx.newMember("check-in");
      const receipt = await memberChain(ctx.env, member).checkIn();
      const body = { tx_hash: receipt.transactionHash, chain_id: 31337 };
      return {
        attempts: times(CONCURRENCY, () => () => postJson(ctx.url, "/blockchain/check_in", body, member.headers)),
        async verify() {
          await indexedPast(ctx.env, receipt.blockNumber);
          const rows = await ledgerRows(ctx.env, member.email, "check_in");
          const [days] = await ctx.env.sql<{ n: number }[]>`
            select count(*)::int as n from check_ins c join users u on u.id = c.user_id where u.email = ${member.email}`;
          const violations =
            rows.length === 1 && days?.n === 1
              ? []
              : [`${member.email}: ${rows.length} check-in credits, ${days?.n} days`];
          return { effects: rows.length, violations };
        },
      };
    },
  },
  {
    name: "tarot credit ×50 (tx-hash path + indexer)",
    rounds: 3,
    async round(ctx) {
      const member = await ctx.newMember("tarot");
      const draw = dataOf<{ digest: Hex }>(await getJson(ctx.url, "/tarot/draw", member.headers));
      const receipt = await memberChain(ctx.env, member).recordTarot(draw.digest);
      const body = { tx_hash: receipt.transactionHash, chain_id: 31337 };
      return {
        attempts: times(CONCURRENCY, () => () => postJson(ctx.url, "/blockchain/tarot", body, member.headers)),
        async verify() {
          await indexedPast(ctx.env, receipt.blockNumber);
          const rows = await ledgerRows(ctx.env, member.email, "tarot");
          return {
            effects: rows.length,
            violations: rows.length === 1 ? [] : [`${member.email}: ${rows.length} tarot credits`],
          };
        },
      };
    },
  },
];
