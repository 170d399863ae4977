// Races on membership: wallet binds, referral claims and codes, task consumption.
import { dataOf, getJson, postJson, signedBinding } from "./client.js";
import { CONCURRENCY, ledgerRows, okCount, type RaceCase, times } from "./race-kit.js";

export const memberRaces: RaceCase[] = [
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
