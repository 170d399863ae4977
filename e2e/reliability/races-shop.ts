// Races on supply and points: box purchases and opens, operator grants.
import { type Answer, dataOf, type Member, postJson } from "./client.js";
import { CONCURRENCY, ledgerRows, okCount, type RaceCase, times } from "./race-kit.js";

export const shopRaces: RaceCase[] = [
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
];
