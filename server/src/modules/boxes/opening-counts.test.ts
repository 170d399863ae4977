import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DAY_MS, getPublicFairnessRoute, publishableClientSeedPattern, rotateBoxSeedRoute } from "@arcana/protocol";
import { eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.js";
import { signInByCode } from "../../test/app.js";
import { boxTestApp } from "../../test/boxes.js";
import { databaseMigratedTo } from "../../test/release-schema.js";
import { boxOpeningCounts, fairnessSeeds, ownedBoxes } from "./schema.js";

// Decision 0050: the counts /fairness and /boxes/{id}/results read are the openings' own, exactly,
// whatever runs at once: openings of many members, their rotations, the server's reveals.
const { clock, t, api, memberWith, purchase, openBox } = boxTestApp("opening-counts");

type Member = Awaited<ReturnType<typeof memberWith>>;

const rotate = (member: Member, clientSeed?: string) =>
  api().data(rotateBoxSeedRoute, { body: clientSeed ? { client_seed: clientSeed } : {}, auth: member.auth });

const key = (day: string, version: number, index: number, revealed: boolean, published: boolean) =>
  `${day} v${version} #${index} ${revealed ? "revealed" : "waiting"} ${published ? "public" : "hashed"}`;

/** Every opening counted again from `owned_boxes`, the client seed judged by the protocol's pattern. */
async function recount() {
  const rows = await t()
    .database.db.select({
      openedAt: ownedBoxes.openedAt,
      versionId: ownedBoxes.oddsVersionId,
      index: ownedBoxes.rewardIndex,
      clientSeed: ownedBoxes.clientSeed,
      seedClientSeed: fairnessSeeds.clientSeed,
      rotatedAt: fairnessSeeds.rotatedAt,
    })
    .from(ownedBoxes)
    .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, ownedBoxes.seedId))
    .where(isNotNull(ownedBoxes.openedAt));
  const counts = new Map<string, number>();
  for (const row of rows) {
    const published = publishableClientSeedPattern.test(row.clientSeed ?? row.seedClientSeed);
    const k = key(
      (row.openedAt as Date).toISOString().slice(0, 10),
      row.versionId,
      row.index as number,
      row.rotatedAt !== null,
      published,
    );
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return { counts, openings: rows.length };
}

async function maintained() {
  const rows = await t().database.db.select().from(boxOpeningCounts);
  const counts = new Map<string, number>();
  for (const row of rows) {
    expect(row.openings).toBeGreaterThanOrEqual(0);
    if (row.openings > 0)
      counts.set(key(row.day, row.oddsVersionId, row.rewardIndex, row.revealed, row.clientSeedPublic), row.openings);
  }
  return counts;
}

describe("the maintained opening counts", () => {
  it("equal a recount of the openings after concurrent openings, rotations and reveals", async () => {
    const members: Member[] = [];
    for (let i = 0; i < 6; i++) members.push(await memberWith(600));
    const boxes = new Map<Member, string[]>();
    for (const member of members) {
      const moons = await purchase(member, { box_id: "moon", quantity: 7 });
      const comet = await purchase(member, { box_id: "comet", quantity: 1 });
      boxes.set(member, [...moons.owned_box_ids, ...comet.owned_box_ids]);
    }
    const [hashed, published, rotating, other] = members as [Member, Member, Member, Member];
    // A client seed the member typed (published as its hash only), and one that is published as is.
    await rotate(hashed, "My lucky seed!");
    await rotate(published, "00112233445566778899aabbccddeeff");
    const take = (member: Member, n: number) => (boxes.get(member) as string[]).splice(0, n);

    // Everyone opens at once while two members rotate their seeds.
    await Promise.all([
      ...members.flatMap((member) => take(member, 3).map((id) => openBox(member, id))),
      rotate(rotating),
      rotate(other, "ffeeddccbbaa99887766554433221100"),
    ]);
    // The next GMT day: more openings, with rotations among them.
    clock.advance(DAY_MS);
    await Promise.all([
      ...members.flatMap((member) => take(member, 2).map((id) => openBox(member, id))),
      rotate(hashed),
      rotate(rotating),
    ]);
    const before = await recount();
    expect(await maintained()).toEqual(before.counts);

    // A month later the server reveals what no one rotated, while the last boxes are opened.
    clock.advance(31 * DAY_MS);
    // (Their sessions of a month ago have ended: the members sign in again.)
    for (const [i, member] of members.entries()) {
      const token = await signInByCode(t().app, member.email);
      const again = { ...member, auth: { authorization: `Bearer ${token}` } };
      boxes.set(again, boxes.get(member) as string[]);
      members[i] = again;
    }
    const [revealed] = await Promise.all([
      t().boxes.revealDueSeeds(),
      ...members.flatMap((member) => take(member, 2).map((id) => openBox(member, id))),
    ]);
    expect(revealed).toBeGreaterThan(0);
    // And after it: under new seeds, waiting for their reveal.
    for (const member of members) for (const id of take(member, 1)) await openBox(member, id);
    const after = await recount();
    expect(after.openings).toBe(members.length * 8);
    expect(await maintained()).toEqual(after.counts);

    // The public summary says the same (past the minute one server reuses it).
    clock.advance(61_000);
    const summary = await api().data(getPublicFairnessRoute);
    let verifiable = 0;
    let waiting = 0;
    let memberOnly = 0;
    for (const [k, n] of after.counts) {
      if (k.includes("waiting")) waiting += n;
      else if (k.endsWith("public")) verifiable += n;
      else memberOnly += n;
    }
    expect(verifiable).toBeGreaterThan(0);
    expect(waiting).toBeGreaterThan(0);
    expect(memberOnly).toBeGreaterThan(0);
    expect(summary).toMatchObject({ verifiable, waiting, member_verifiable_only: memberOnly });
  });
});

describe("migration 0024", () => {
  // Migrating a database from scratch on PGlite takes a while.
  it("counts the openings written before it, once", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "arcana-counts-"));
    try {
      const previous = await databaseMigratedTo(23, dataDir);
      await previous.exec(`
        insert into users (email) values ('a@example.com'), ('b@example.com');
        insert into box_odds_versions (box_id, version, rewards) values ('moon', 1, '[]');
        insert into fairness_seeds (user_id, server_seed, server_seed_hash, client_seed, created_at, rotated_at)
          select id, 'seed', 'hash', case when email = 'a@example.com' then '0011223344556677' else 'My seed!' end,
            now(), case when email = 'a@example.com' then now() else null end from users;
        insert into owned_boxes (user_id, box_id, odds_version_id, source, acquired_at, opened_at, reward_index, seed_id, client_seed, nonce)
          select s.user_id, 'moon', 1, 'purchase', now(), timestamptz '2026-11-20T23:59:00Z' + i * interval '1 minute',
            i % 2, s.id, s.client_seed, i
          from fairness_seeds s, generate_series(0, 2) i;
        insert into owned_boxes (user_id, box_id, odds_version_id, source, acquired_at)
          select id, 'moon', 1, 'purchase', now() from users;`);
      await previous.close();
      const upgraded = await openDatabase({ kind: "pglite", dataDir });
      try {
        await upgraded.migrate();
        const rows = await upgraded.db
          .select()
          .from(boxOpeningCounts)
          .orderBy(boxOpeningCounts.day, boxOpeningCounts.revealed, boxOpeningCounts.rewardIndex);
        expect(rows.map((row) => [row.day, row.rewardIndex, row.revealed, row.clientSeedPublic, row.openings])).toEqual(
          [
            ["2026-11-20", 0, false, false, 1],
            ["2026-11-20", 0, true, true, 1],
            ["2026-11-21", 0, false, false, 1],
            ["2026-11-21", 1, false, false, 1],
            ["2026-11-21", 0, true, true, 1],
            ["2026-11-21", 1, true, true, 1],
          ],
        );
      } finally {
        await upgraded.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("migration 0024's copy of the publishable client seed rule", () => {
  it("is protocol's publishableClientSeedPattern, to the letter (SQL cannot import it)", () => {
    const migration = readFileSync(new URL("../../db/migrations/0024_box_opening_counts.sql", import.meta.url), "utf8");
    const copies = [...migration.matchAll(/~ '([^']+)'/g)].map((match) => match[1]);
    expect(copies.length).toBe(3);
    expect(new Set(copies)).toEqual(new Set([publishableClientSeedPattern.source]));
  });
});
