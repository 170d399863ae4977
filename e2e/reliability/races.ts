import type { Hex } from "viem";
import { type Answer, dataOf, getJson, type Member, memberChain, poll, postJson, signedBinding } from "./client.js";
import { ledgerInvariant } from "./database.js";
import type { Environment } from "./environment.js";
import type { CheckResult } from "./report.js";

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

const CONCURRENCY = 50;
const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

async function ledgerRows(env: Environment, email: string, kind: string) {
  return env.sql<{ amount: number; reference: string }[]>`
    select l.amount, l.reference from ledger_entries l join users u on u.id = l.user_id
    where u.email = ${email} and l.kind = ${kind} order by l.id`;
}

/** Waits until the indexer has gone past `block` on the local chain. */
async function indexedPast(env: Environment, block: bigint) {
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
async function stakedMember(ctx: RaceContext, label: string) {
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
async function pendingPoints(ctx: RaceContext, member: Member) {
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
async function verifyStakingLedger(env: Environment, member: Member, before: number) {
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

const claimOne = (ctx: RaceContext, member: Member, tokenId: number) => () =>
  postJson(ctx.url, "/nft/staking/claim_one", { token_id: tokenId, chain_id: 31337 }, member.headers);
const claimAll = (ctx: RaceContext, member: Member) => () =>
  postJson(ctx.url, "/nft/staking/claim_all", {}, member.headers);

const okCount = (answers: PromiseSettledResult<unknown>[]) =>
  answers.filter((a) => a.status === "fulfilled" && (a.value as Answer).status === 200).length;

/** Every attempt answered, none with a 5xx (a refusal is fine: the effect count says the rest). */
function answerProblems(answers: PromiseSettledResult<unknown>[]): string[] {
  const problems: string[] = [];
  for (const answer of answers) {
    if (answer.status === "rejected") problems.push(`no answer: ${String(answer.reason).slice(0, 200)}`);
    else {
      const value = answer.value as Answer | number;
      if (typeof value === "object" && value.status >= 500)
        problems.push(`${value.status}: ${value.text.slice(0, 200)}`);
    }
  }
  return [...new Set(problems)];
}

type Staked = { member: Member; tokenId: number };

export const raceCases: RaceCase[] = [
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
  {
    name: "box purchase ×50, one Idempotency-Key",
    rounds: 8,
    // A member per round: one member's purchases are limited per minute (docs/operating.md).
    async round(ctx, _state, index) {
      const member = await ctx.newMember("buy-same-key");
      const headers = { ...member.headers, "idempotency-key": `round-${index}` };
      const spentBefore = (await ledgerRows(ctx.env, member.email, "box_purchase")).length;
      return {
        attempts: times(
          CONCURRENCY,
          () => () => postJson(ctx.url, "/boxes/purchase", { box_id: "star", quantity: 2 }, headers),
        ),
        async verify(answers) {
          const rows = await ledgerRows(ctx.env, member.email, "box_purchase");
          const effects = rows.length - spentBefore;
          const ids = new Set(
            answers
              .filter((a) => a.status === "fulfilled" && (a.value as Answer).status === 200)
              .map((a) => dataOf<{ purchase_id: string }>((a as PromiseFulfilledResult<Answer>).value).purchase_id),
          );
          const violations = [
            ...(effects === 1 ? [] : [`${effects} charges for one key`]),
            ...(ids.size <= 1 ? [] : [`${ids.size} different purchases answered for one key`]),
          ];
          return { effects, violations };
        },
      };
    },
  },
  {
    name: "box purchase ×50 over a per-member limit of 1",
    rounds: 4,
    async round(ctx) {
      const member = await ctx.newMember("buy-limit");
      return {
        attempts: times(
          CONCURRENCY,
          () => () => postJson(ctx.url, "/boxes/purchase", { box_id: "moon", quantity: 1 }, member.headers),
        ),
        async verify(answers) {
          const rows = await ledgerRows(ctx.env, member.email, "box_purchase");
          const ok = okCount(answers);
          const violations = rows.length === 1 && ok === 1 ? [] : [`${rows.length} charges, ${ok} accepted, limit 1`];
          return { effects: rows.length, violations };
        },
      };
    },
  },
  {
    name: "10 members ×5 buying the last boxes (supply 30)",
    rounds: 3,
    setup: async (ctx) => Promise.all(times(10, (i) => ctx.newMember(`last-box-${i}`))),
    async round(ctx, state) {
      const members = state as Member[];
      const [before] = await ctx.env.sql<
        { sold: number }[]
      >`select coalesce(max(sold), 0)::int as sold from box_supply where box_id = 'last'`;
      return {
        attempts: times(
          CONCURRENCY,
          (i) => () =>
            postJson(ctx.url, "/boxes/purchase", { box_id: "last", quantity: 1 }, (members[i % 10] as Member).headers),
        ),
        async verify(answers) {
          const [after] = await ctx.env.sql<{ sold: number }[]>`select sold from box_supply where box_id = 'last'`;
          const sold = (after?.sold ?? 0) - (before?.sold ?? 0);
          const ok = okCount(answers);
          const violations = [
            ...(sold === ok ? [] : [`${ok} purchases accepted, ${sold} boxes sold`]),
            ...((after?.sold ?? 0) <= 30 ? [] : [`sold ${after?.sold} of 30`]),
          ];
          return { effects: sold, violations };
        },
      };
    },
  },
  {
    name: "box open ×50, one box",
    rounds: 6,
    // A member per round: one member's openings are limited per minute (docs/operating.md).
    async round(ctx) {
      const member = await ctx.newMember("open");
      const bought = dataOf<{ owned_box_ids: string[] }>(
        await postJson(ctx.url, "/boxes/purchase", { box_id: "star", quantity: 1 }, member.headers),
      );
      const id = bought.owned_box_ids[0] ?? "";
      return {
        attempts: times(
          CONCURRENCY,
          () => () => postJson(ctx.url, "/boxes/open", { owned_box_id: id }, member.headers),
        ),
        async verify() {
          const [row] = await ctx.env.sql<{ points: number; boxes: number }[]>`
            select (select count(*)::int from ledger_entries where reference = ${id}) as points,
                   (select count(*)::int from owned_boxes where won_in = ${id}) as boxes`;
          const effects = (row?.points ?? 0) + (row?.boxes ?? 0);
          return { effects, violations: effects === 1 ? [] : [`box ${id} paid out ${effects} rewards`] };
        },
      };
    },
  },
  {
    name: "points grant ×50 (operator CLI, separate connections)",
    rounds: 2,
    setup: (ctx) => ctx.newWalletlessMember("grant"),
    async round(ctx, state) {
      const member = state as Member;
      const before = (await ledgerRows(ctx.env, member.email, "grant")).length;
      return {
        attempts: times(CONCURRENCY, () => () => ctx.grantPoints(member.email, 7)),
        async verify(answers) {
          const rows = await ledgerRows(ctx.env, member.email, "grant");
          const effects = rows.length - before;
          const ok = answers.filter((a) => a.status === "fulfilled").length;
          return { effects, violations: effects === ok ? [] : [`${ok} grants succeeded, ${effects} ledger rows`] };
        },
      };
    },
  },
  {
    name: "wallet bind ×50, one signed message",
    rounds: 4,
    async round(ctx) {
      const member = await ctx.newWalletlessMember("bind");
      const binding = await signedBinding(ctx.url, member);
      return {
        attempts: times(CONCURRENCY, () => () => postJson(ctx.url, "/blockchain/bind_wallet", binding, member.headers)),
        async verify(answers) {
          const [row] = await ctx.env.sql<{ n: number }[]>`
            select count(*)::int as n from users where wallet_address = ${binding.address.toLowerCase()}`;
          const ok = okCount(answers);
          return {
            effects: row?.n ?? 0,
            violations: row?.n === 1 ? [] : [`wallet bound ${row?.n} times, ${ok} accepted`],
          };
        },
      };
    },
  },
  {
    name: "wallet bind: 2 members ×25 racing for one wallet",
    rounds: 4,
    async round(ctx) {
      const [first, second] = await Promise.all([ctx.newWalletlessMember("bind-a"), ctx.newWalletlessMember("bind-b")]);
      if (!first || !second) throw new Error("no members");
      const contested = first.account;
      const bindings = await Promise.all([
        signedBinding(ctx.url, first, contested),
        signedBinding(ctx.url, second, contested),
      ]);
      return {
        attempts: times(
          CONCURRENCY,
          (i) => () =>
            postJson(ctx.url, "/blockchain/bind_wallet", bindings[i % 2], (i % 2 === 0 ? first : second).headers),
        ),
        async verify() {
          const [row] = await ctx.env.sql<{ n: number }[]>`
            select count(*)::int as n from users where wallet_address = ${contested.address.toLowerCase()}`;
          return { effects: row?.n ?? 0, violations: row?.n === 1 ? [] : [`wallet bound to ${row?.n} members`] };
        },
      };
    },
  },
  {
    name: "referral claim ×50 (inviter, one qualified invite)",
    rounds: 3,
    async round(ctx) {
      const [inviter, invitee] = await Promise.all([
        ctx.newWalletlessMember("inviter"),
        ctx.newWalletlessMember("invitee"),
      ]);
      if (!inviter || !invitee) throw new Error("no members");
      const { code } = dataOf<{ code: string }>(await getJson(ctx.url, "/refer_code", inviter.headers));
      dataOf(await postJson(ctx.url, "/refer_code/use", { code }, invitee.headers));
      // The invitee qualifies by binding a wallet (the suite economy's qualifyOn).
      dataOf(
        await postJson(ctx.url, "/blockchain/bind_wallet", await signedBinding(ctx.url, invitee), invitee.headers),
      );
      return {
        attempts: times(CONCURRENCY, () => () => postJson(ctx.url, "/refer_code/claim", {}, inviter.headers)),
        async verify() {
          const rows = await ledgerRows(ctx.env, inviter.email, "referral");
          return { effects: rows.length, violations: rows.length === 1 ? [] : [`${rows.length} referral credits`] };
        },
      };
    },
  },
  {
    name: "referral code use ×50 by one member, 10 different codes",
    rounds: 1,
    async round(ctx) {
      const inviters = await Promise.all(times(10, (i) => ctx.newWalletlessMember(`code-owner-${i}`)));
      const codes = await Promise.all(
        inviters.map(
          async (inviter) => dataOf<{ code: string }>(await getJson(ctx.url, "/refer_code", inviter.headers)).code,
        ),
      );
      const invitee = await ctx.newWalletlessMember("many-codes");
      return {
        attempts: times(
          CONCURRENCY,
          (i) => () => postJson(ctx.url, "/refer_code/use", { code: codes[i % codes.length] }, invitee.headers),
        ),
        async verify(answers) {
          const [row] = await ctx.env.sql<{ n: number }[]>`
            select count(*)::int as n from referral_uses r join users u on u.id = r.invitee_id
            where u.email = ${invitee.email}`;
          const ok = okCount(answers);
          const n = row?.n ?? 0;
          return {
            effects: n,
            violations: n === 1 && ok === 1 ? [] : [`${ok} uses answered 200, ${n} uses stored`],
          };
        },
      };
    },
  },
  {
    name: "tasks/consume ×50 (a member with a bound wallet)",
    rounds: 3,
    async round(ctx) {
      const member = await ctx.newMember("tasks");
      return {
        attempts: times(CONCURRENCY, () => () => getJson(ctx.url, "/tasks/consume", member.headers)),
        async verify() {
          const rows = await ledgerRows(ctx.env, member.email, "task");
          const distinct = new Set(rows.map((row) => row.reference)).size;
          return {
            effects: rows.length,
            violations: [
              ...(rows.length >= 1 ? [] : ["the bound wallet's task was not credited"]),
              ...(distinct === rows.length ? [] : [`${rows.length} task credits for ${distinct} tasks`]),
            ],
          };
        },
      };
    },
  },
];

/** Check 2: every race case, then the ledger invariant over the whole database. */
export async function raceEveryWrite(ctx: RaceContext, cases = raceCases): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  let totalAttempts = 0;
  let totalViolations = 0;
  for (const raceCase of cases) {
    const state = raceCase.setup ? await raceCase.setup(ctx) : undefined;
    let attempts = 0;
    let effects = 0;
    const violations: string[] = [];
    for (let index = 0; index < raceCase.rounds; index++) {
      const round = await raceCase.round(ctx, state, index);
      const answers = await Promise.allSettled(round.attempts.map((attempt) => attempt()));
      attempts += round.attempts.length;
      const verdict = await round.verify(answers);
      effects += verdict.effects;
      violations.push(...verdict.violations, ...answerProblems(answers));
    }
    totalAttempts += attempts;
    totalViolations += violations.length;
    results.push({
      check: `race: ${raceCase.name}`,
      attempts,
      failures: violations.length,
      figure: `${raceCase.rounds} rounds, ${effects} effects, ${violations.length} violations`,
      details: violations.slice(0, 10),
    });
  }
  const invariant = await ledgerInvariant(ctx.env.sql);
  const [members] = await ctx.env.sql<{ n: number }[]>`select count(*)::int as n from users`;
  results.push({
    check: "ledger invariant (whole database)",
    attempts: members?.n ?? 0,
    failures: invariant.length,
    figure: `${members?.n} members, ${totalAttempts} race attempts, ${totalViolations + invariant.length} violations`,
    details: invariant.slice(0, 20),
  });
  return results;
}
