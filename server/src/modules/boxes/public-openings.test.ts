import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  DAY_MS,
  getBoxFairnessRoute,
  getOpeningsDayFileRoute,
  getPublicFairnessRoute,
  listPublicOpeningsRoute,
  type PublicOpening,
  rotateBoxSeedRoute,
} from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { signInByCode } from "../../test/app.js";
import { boxTestApp, refusal } from "../../test/boxes.js";

// Issue 45: anyone re-verifies every opening of the last 90 days, and no one is identified by it.
const { clock, t, api, memberWith, purchase, openBox } = boxTestApp("public-openings");
const verifier = fileURLToPath(new URL("../../../../docs/verify-openings.mjs", import.meta.url));
const run = promisify(execFile);

type Member = Awaited<ReturnType<typeof memberWith>>;

async function openMoons(member: Member, count: number) {
  const bought = await purchase(member, { box_id: "moon", quantity: count });
  for (const id of bought.owned_box_ids) {
    await openBox(member, id);
    clock.advance(61_000);
  }
}

const rotate = (member: Member, clientSeed?: string) =>
  api().data(rotateBoxSeedRoute, { body: clientSeed ? { client_seed: clientSeed } : {}, auth: member.auth });

const dayFile = (file: string, headers: Record<string, string> = {}) =>
  api().call(getOpeningsDayFileRoute, { params: { file }, extraHeaders: headers });

it("docs/fairness.md holds the verifier script unchanged", async () => {
  const docs = await readFile(fileURLToPath(new URL("../../../../docs/fairness.md", import.meta.url)), "utf8");
  expect(docs).toContain(await readFile(verifier, "utf8"));
});

async function verify(jsonl: string) {
  const folder = await mkdtemp(join(tmpdir(), "arcana-openings-"));
  try {
    const file = join(folder, "day.jsonl");
    await writeFile(file, jsonl);
    const { stdout } = await run(process.execPath, [verifier, file]);
    return JSON.parse(stdout.trim().split("\n").at(-1) as string) as Record<string, number>;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const parse = (jsonl: string) =>
  jsonl
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PublicOpening);

describe("the public openings export", () => {
  it("lets anyone re-derive every revealed opening of a day with the docs' script, naming no one", async () => {
    const day = "2026-11-22";
    // Rotates: the seed is revealed at once.
    const rotating = await memberWith(100);
    await openMoons(rotating, 2);
    await rotate(rotating);
    // Types a client seed of their own: published only as its hash.
    const typing = await memberWith(50);
    await rotate(typing, "Alice Lovelace 1990");
    await openMoons(typing, 1);
    await rotate(typing);
    // Never rotates: the server reveals the seed 30 days after its first opening.
    const quiet = [await memberWith(100), await memberWith(50)];
    await openMoons(quiet[0] as Member, 2);
    await openMoons(quiet[1] as Member, 1);
    const firstQuietOpening = (await api().data(listPublicOpeningsRoute, { query: {} })).openings.at(2)?.opened_at;

    // The member's own panel says when.
    const panel = await api().data(getBoxFairnessRoute, { auth: (quiet[0] as Member).auth });
    expect(panel.next_nonce).toBe(2);
    expect(panel.reveal_at?.slice(0, 16)).toBe(
      new Date(new Date(firstQuietOpening as string).getTime() + 30 * DAY_MS).toISOString().slice(0, 16),
    );

    // Today's file: cached a minute, without a session.
    const today = await dayFile(`${day}.jsonl`);
    expect(today.status).toBe(200);
    expect(today.headers.get("cache-control")).toBe("public, max-age=60");
    expect(parse(await today.text())).toHaveLength(6);

    // The day is over; its file waits for the quiet members' seeds: cached briefly, written once.
    clock.advance(DAY_MS);
    const waiting = await dayFile(`${day}.jsonl`);
    expect(waiting.headers.get("cache-control")).toBe("public, max-age=300");
    const waitingRows = parse(await waiting.text());
    expect(waitingRows.filter((row) => row.server_seed === null)).toHaveLength(3);
    expect(await verify(waitingRows.map((row) => `${JSON.stringify(row)}\n`).join(""))).toEqual({
      verified: 2,
      waiting: 3,
      member_only: 1,
      failed: 0,
    });
    const etag = waiting.headers.get("etag") as string;
    expect((await dayFile(`${day}.jsonl`, { "if-none-match": etag })).status).toBe(304);

    // 29 days later nothing is due; 30 days after the first opening, the server reveals both seeds.
    clock.advance(28 * DAY_MS);
    expect(await t().boxes.revealDueSeeds()).toBe(0);
    clock.advance(DAY_MS);
    expect(await t().boxes.revealDueSeeds()).toBe(2);
    expect(await t().boxes.revealDueSeeds()).toBe(0);
    // (The session of 30 days ago has ended: the member signs in again.)
    const token = await signInByCode(t().app, (quiet[0] as Member).email);
    const after = await api().data(getBoxFairnessRoute, { auth: { authorization: `Bearer ${token}` } });
    expect(after.revealed[0]?.server_seed_hash).toBe(panel.server_seed_hash);
    expect(after.server_seed_hash).not.toBe(panel.server_seed_hash);
    expect(after.reveal_at).toBeNull();

    // The day's file is rewritten once with the seeds, then final: immutable, a new ETag.
    const final = await dayFile(`${day}.jsonl`, { "if-none-match": etag });
    expect(final.status).toBe(200);
    expect(final.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(final.headers.get("etag")).not.toBe(etag);
    expect(final.headers.get("content-disposition")).toBe(`attachment; filename="arcana-openings-${day}.jsonl"`);
    const jsonl = await final.text();
    expect(await verify(jsonl)).toEqual({ verified: 5, waiting: 0, member_only: 1, failed: 0 });
    const rows = parse(jsonl);
    expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/.test(row.opened_at))).toBe(true);
    expect(Object.keys(rows[0] as PublicOpening).sort()).toEqual(
      [
        "box_id",
        "client_seed",
        "client_seed_hash",
        "nonce",
        "odds_version",
        "opened_at",
        "reward",
        "reward_index",
        "server_seed",
        "server_seed_hash",
        "weights",
      ].sort(),
    );

    // No personal data: no e-mail, member id, typed client seed or session anywhere in either file.
    const csv = await (await dayFile(`${day}.csv`)).text();
    expect(csv.split("\r\n")[0]).toBe(
      "box_id,odds_version,opened_at,server_seed_hash,server_seed,client_seed,client_seed_hash,nonce,weights,reward_index,reward_kind,reward_amount,reward_box_id",
    );
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(7);
    for (const member of [rotating, typing, ...quiet]) {
      for (const text of [jsonl, csv]) {
        expect(text).not.toContain(member.email);
        expect(text).not.toContain(member.userId);
        expect(text).not.toContain(member.email.split("@")[0]);
      }
    }
    for (const text of [jsonl, csv]) {
      expect(text).not.toContain("Alice");
      expect(text).not.toMatch(/0x[0-9a-fA-F]{40}/);
      expect(text).not.toContain("@");
    }

    // The stored file is served again as is.
    const again = await dayFile(`${day}.jsonl`);
    expect(again.headers.get("etag")).toBe(final.headers.get("etag"));
    expect(await again.text()).toBe(jsonl);
  });

  it("pages through the last 90 days newest first and refuses what it does not publish", async () => {
    const first = await api().data(listPublicOpeningsRoute, { query: { per_page: 4 } });
    expect(first.openings).toHaveLength(4);
    const second = await api().data(listPublicOpeningsRoute, {
      query: { per_page: 4, cursor: first.next_cursor as string },
    });
    expect(second.openings).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    expect(await refusal(await api().call(listPublicOpeningsRoute, { query: { cursor: "nope" } }))).toEqual([
      400,
      "bad_request",
    ]);
    expect(await refusal(await dayFile("2026-02-30.jsonl"))).toEqual([400, "bad_request"]);
    expect(await refusal(await dayFile("2026-11-22.txt"))).toEqual([400, "bad_request"]);
    expect(await refusal(await dayFile("2030-01-01.csv"))).toEqual([404, "not_found"]);
    clock.advance(90 * DAY_MS);
    expect(await refusal(await dayFile("2026-11-22.jsonl"))).toEqual([404, "not_found"]);
    expect((await api().data(listPublicOpeningsRoute, { query: {} })).openings).toHaveLength(0);
  });

  it("sets stated odds beside observed counts with a χ² test, and counts verifiable and waiting openings", async () => {
    clock.advance(-90 * DAY_MS);
    const summary = await api().data(getPublicFairnessRoute);
    expect(summary).toMatchObject({ window_days: 90, reveal_after_days: 30, verifiable: 5, waiting: 0 });
    expect(summary.member_verifiable_only).toBe(1);
    const moon = summary.boxes.find((box) => box.box_id === "moon");
    expect(moon?.versions[0]?.total).toBe(6);
    expect(moon?.versions[0]?.chi_square).toMatchObject({ degrees_of_freedom: 3 });
    expect(moon?.versions[0]?.chi_square?.p_value).toBeGreaterThanOrEqual(0);

    // The figures are reused for a minute, then counted again.
    const late = await memberWith(50);
    const [boxId] = (await purchase(late, { box_id: "moon", quantity: 1 })).owned_box_ids;
    await openBox(late, boxId as string);
    expect((await api().data(getPublicFairnessRoute)).waiting).toBe(0);
    clock.advance(60_000);
    expect((await api().data(getPublicFairnessRoute)).waiting).toBe(1);
  });
});
