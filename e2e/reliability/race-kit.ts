// What the race cases share: the context, members with staked passes, waiting on the indexer, counting.
import { type Answer, dataOf, getJson, type Member, memberChain, poll, postJson } from "./client.js";
import type { Environment } from "./environment.js";

/** What a race case needs: the environment, the app, and ways to make members. */
export interface RaceContext {
  env: Environment;
  url: string;
  /** Signed in, wallet bound and funded, 1000 points. */
  newMember(label: string): Promise<Member>;
  /** Signed in only: no wallet, no points. */
  newWalletlessMember(label: string): Promise<Member>;
  grantPoints(email: string, amount: number): Promise<void>;
}

/** One round: the concurrent attempts, then what they did and any promise they broke. */
export interface RaceRound {
  attempts: Array<() => Promise<unknown>>;
  verify(answers: PromiseSettledResult<unknown>[]): Promise<{ effects: number; violations: string[] }>;
}

/**
 * One write that moves points, supply or ownership, raced: `setup` runs once, `round` builds each
 * round's concurrent attempts. Adding a race is one entry in `raceCases`.
 */
export interface RaceCase {
  name: string;
  rounds: number;
  setup?(ctx: RaceContext): Promise<unknown>;
  round(ctx: RaceContext, state: unknown, index: number): Promise<RaceRound>;
}

export const CONCURRENCY = 50;
export const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

export async function ledgerRows(env: Environment, email: string, kind: string) {
  return env.sql<{ amount: number; reference: string }[]>`
    select l.amount, l.reference from ledger_entries l join users u on u.id = l.user_id
    where u.email = ${email} and l.kind = ${kind} order by l.id`;
}

/** Waits until the indexer has gone past `block` on the local chain. */
export async function indexedPast(env: Environment, block: bigint) {
  await poll(
    `indexer past block ${block}`,
    async () => {
      const [row] = await env.sql<{ next: string | null }[]>`
        select min(next_block)::text as next from chain_cursors where chain_id = 31337`;
      return row?.next && BigInt(row.next) > block ? true : undefined;
    },
    20_000,
  );
}

/** A member whose Genesis Pass is minted, staked and indexed. */
export async function stakedMember(ctx: RaceContext, label: string) {
  const member = await ctx.newMember(label);
  const tokenId = await memberChain(ctx.env, member).mintAndStake(ctx.url);
  await poll(
    `pass #${tokenId} indexed as staked`,
    async () => {
      const [row] = await ctx.env.sql<{ staked: boolean }[]>`
        select staked from passes where chain_id = 31337 and token_id = ${tokenId}`;
      return row?.staked ? true : undefined;
    },
    20_000,
  );
  return { member, tokenId };
}

/** Waits until the pass has points to claim (chain time runs ahead of the clock when blocks come fast). */
export async function pendingPoints(ctx: RaceContext, member: Member) {
  await poll(
    `${member.email}: staking points to claim`,
    async () => {
      const rewards = dataOf<{ total_pending: number }>(await getJson(ctx.url, "/nft/staking/rewards", member.headers));
      return rewards.total_pending > 0 ? true : undefined;
    },
    30_000,
  );
}

/** Staking's promise: what was credited for a stake equals what it had earned at the last claim. */
export async function verifyStakingLedger(env: Environment, member: Member, before: number) {
  const rows = await ledgerRows(env, member.email, "staking");
  const earned = Math.max(0, ...rows.map((row) => Number(row.reference.split(":").at(-1))));
  const credited = rows.reduce((sum, row) => sum + row.amount, 0);
  const effects = rows.length - before;
  const violations = [
    ...(credited === earned ? [] : [`${member.email}: staking credited ${credited} ≠ earned ${earned}`]),
    ...(effects >= 1 ? [] : [`${member.email}: points were pending but no claim credited them`]),
  ];
  return { effects, violations };
}

export const claimOne = (ctx: RaceContext, member: Member, tokenId: number) => () =>
  postJson(ctx.url, "/nft/staking/claim_one", { token_id: tokenId, chain_id: 31337 }, member.headers);
export const claimAll = (ctx: RaceContext, member: Member) => () =>
  postJson(ctx.url, "/nft/staking/claim_all", {}, member.headers);

export const okCount = (answers: PromiseSettledResult<unknown>[]) =>
  answers.filter((a) => a.status === "fulfilled" && (a.value as Answer).status === 200).length;

export type Staked = { member: Member; tokenId: number };
