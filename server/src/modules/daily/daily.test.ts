import {
  type CheckInStatus,
  creditCheckInRoute,
  getCheckInStatusRoute,
  listPointsHistoryRoute,
} from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { apiClient, dataOf } from "../../test/api-client.js";
import { testAppPerFile, testClock } from "../../test/app.js";
import { checkedInEvents, streakCheckIn, testEconomy } from "../../test/daily.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../../test/members.js";

const economy = testEconomy({ checkIn: streakCheckIn });

const clock = testClock(new Date("2026-11-22T12:00:00.000Z"));
const t = testAppPerFile({ now: clock.now, economy });
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

let walletCounter = 0;
/** A member with a bound wallet (a fresh address each time). */
async function memberWithWallet(email: string) {
  walletCounter += 1;
  const member = await signUpMember(t, email);
  const wallet = `0x${walletCounter.toString(16).padStart(40, "a")}`;
  await bindWalletDirectly(t.database.db, member.userId, wallet);
  return { ...member, wallet };
}

const checkedIn = checkedInEvents();

async function status(auth: Record<string, string>): Promise<CheckInStatus> {
  const res = await api.call(getCheckInStatusRoute, { auth });
  expect(res.status).toBe(200);
  return dataOf(getCheckInStatusRoute, res);
}

describe("GET /blockchain/check_in", () => {
  it("shows no streak and an unchecked week for a member who never checked in", async () => {
    const member = await signUpMember(t, "never@example.com");
    const data = await status(member.auth);
    expect(data.current_streak).toBe(0);
    expect(data.today_checked).toBe(false);
    expect(data.dates).toHaveLength(7);
    expect(data.dates.at(-1)).toEqual({ date: "2026-11-22", checked: false });
    expect(data.dates.every((entry) => !entry.checked)).toBe(true);
    expect(data.next_reward_points).toBe(10);
  });

  it("tells the next reward: tomorrow's, with the streak bonus, once today is done", async () => {
    const member = await memberWithWallet("next-reward@example.com");
    const yesterday = new Date(clock.now().getTime() - 86_400_000);
    await t.checkIn.creditCheckIn(checkedIn(member.wallet, yesterday));
    // Day 2 of the streak is next: base 10 plus the 2-day bonus of 5.
    expect(await status(member.auth)).toMatchObject({
      current_streak: 1,
      today_checked: false,
      next_reward_points: 15,
    });
    await t.checkIn.creditCheckIn(checkedIn(member.wallet, clock.now()));
    // Tomorrow would be day 3: base 10 plus the 3-day bonus of 20.
    expect(await status(member.auth)).toMatchObject({ current_streak: 2, today_checked: true, next_reward_points: 30 });
  });

  it("needs a session", async () => {
    expect((await api.call(getCheckInStatusRoute)).status).toBe(401);
  });
});

describe("crediting check-ins", () => {
  it("credits a check-in to the wallet's member, whatever the address's letter case", async () => {
    const member = await memberWithWallet("first-check-in@example.com");
    const credit = await t.checkIn.creditCheckIn(
      checkedIn(member.wallet.toUpperCase().replace("0X", "0x"), clock.now()),
    );
    expect(credit).toMatchObject({ credited: true, streak: 1, points: 10 });
    const data = await status(member.auth);
    expect(data).toMatchObject({ current_streak: 1, today_checked: true });
    expect(data.dates.at(-1)).toEqual({ date: "2026-11-22", checked: true });
    expect(await balanceOf(t.database.db, member.userId)).toBe(10);
    const history = await api.data(listPointsHistoryRoute, { query: {}, auth: member.auth });
    expect(history.items[0]).toMatchObject({
      kind: "check_in",
      amount: 10,
      label: "Daily check-in (day 1 streak)",
    });
  });

  it("grows the streak and its points over consecutive GMT days, and resets it after a missed day", async () => {
    const member = await memberWithWallet("streak@example.com");
    const start = new Date("2026-11-22T23:59:59.000Z");
    const days = (offset: number) => new Date(start.getTime() + offset * 86_400_000);
    const points: number[] = [];
    for (const offset of [0, 1, 2, 4]) {
      points.push((await t.checkIn.creditCheckIn(checkedIn(member.wallet, days(offset))))?.points ?? -1);
    }
    expect(points).toEqual([10, 15, 30, 10]);
    expect(await balanceOf(t.database.db, member.userId)).toBe(65);
  });

  it("keeps the streak alive until the end of the next GMT day, then shows 0", async () => {
    const member = await memberWithWallet("midnight@example.com");
    const started = clock.now().getTime();
    clock.advance(new Date("2026-11-22T23:59:59.000Z").getTime() - started);
    await t.checkIn.creditCheckIn(checkedIn(member.wallet, clock.now()));
    expect(await status(member.auth)).toMatchObject({ current_streak: 1, today_checked: true });
    clock.advance(2_000); // 00:00:01 GMT: a new day, nothing done yet, the streak still counts
    expect(await status(member.auth)).toMatchObject({ current_streak: 1, today_checked: false });
    clock.advance(86_400_000); // a whole GMT day missed
    expect(await status(member.auth)).toMatchObject({ current_streak: 0, today_checked: false });
    clock.advance(started - clock.now().getTime());
  });

  it("counts GMT days for members far from GMT (UTC-10 and UTC+14)", async () => {
    // 20:00 on 22 Nov in Honolulu (UTC-10) is already 23 Nov in GMT; so is 07:00 on 23 Nov there.
    const honolulu = await memberWithWallet("honolulu@example.com");
    const evening = new Date("2026-11-23T06:00:00.000Z");
    const nextMorning = new Date("2026-11-23T17:00:00.000Z");
    expect((await t.checkIn.creditCheckIn(checkedIn(honolulu.wallet, evening)))?.credited).toBe(true);
    expect((await t.checkIn.creditCheckIn(checkedIn(honolulu.wallet, nextMorning)))?.credited).toBe(false);
    // 01:00 on 23 Nov in Kiritimati (UTC+14) is still 22 Nov in GMT; 15:00 there is 23 Nov GMT: two days, a streak of 2.
    const kiritimati = await memberWithWallet("kiritimati@example.com");
    await t.checkIn.creditCheckIn(checkedIn(kiritimati.wallet, new Date("2026-11-22T11:00:00.000Z")));
    const second = await t.checkIn.creditCheckIn(checkedIn(kiritimati.wallet, new Date("2026-11-23T01:00:00.000Z")));
    expect(second).toMatchObject({ credited: true, streak: 2 });
  });

  it("credits a member's day once, whichever chain or path reports it, and returns the existing credit", async () => {
    const member = await memberWithWallet("once-a-day@example.com");
    const first = await t.checkIn.creditCheckIn(checkedIn(member.wallet, clock.now(), 204));
    const otherChain = await t.checkIn.creditCheckIn(checkedIn(member.wallet, clock.now(), 42766));
    const replay = await t.checkIn.creditCheckIn(checkedIn(member.wallet, clock.now(), 204));
    expect(first?.credited).toBe(true);
    expect(otherChain).toEqual({ ...first, credited: false });
    expect(replay?.credited).toBe(false);
    expect(await balanceOf(t.database.db, member.userId)).toBe(10);
  });

  it("credits 20 concurrent reports of the same check-in exactly once", async () => {
    const member = await memberWithWallet("concurrent-check-in@example.com");
    const event = checkedIn(member.wallet, clock.now());
    const results = await Promise.all(Array.from({ length: 20 }, () => t.checkIn.creditCheckIn(event)));
    expect(results.filter((result) => result?.credited)).toHaveLength(1);
    expect(await balanceOf(t.database.db, member.userId)).toBe(10);
  });

  it("ignores a check-in from a wallet no member has bound", async () => {
    expect(await t.checkIn.creditCheckIn(checkedIn(`0x${"9".repeat(40)}`, clock.now()))).toBeNull();
  });
});

describe("POST /blockchain/check_in refusals", () => {
  const hash = `0x${"ab".repeat(32)}` as const;

  it("asks for a wallet first when none is bound", async () => {
    const member = await signUpMember(t, "no-wallet@example.com");
    const res = await api.call(creditCheckInRoute, { body: { tx_hash: hash, chain_id: 31337 }, auth: member.auth });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "wallet_required",
      message: expect.stringMatching(/Bind a wallet/),
    });
  });

  it("refuses a chain this site does not run on, and a malformed hash", async () => {
    const member = await memberWithWallet("bad-input@example.com");
    const unknownChain = await api.call(creditCheckInRoute, {
      body: { tx_hash: hash, chain_id: 1 },
      auth: member.auth,
    });
    expect(unknownChain.status).toBe(400);
    expect(((await unknownChain.json()) as { error: { message: string } }).error.message).toMatch(/not one of/);
    // Too short for the schema: sent unchecked.
    const badHash = await api.unchecked(creditCheckInRoute, {
      body: { tx_hash: "0x12", chain_id: 31337 },
      auth: member.auth,
    });
    expect(badHash.status).toBe(400);
  });

  it("needs a session", async () => {
    expect((await api.call(creditCheckInRoute, { body: { tx_hash: hash, chain_id: 31337 } })).status).toBe(401);
  });
});

describe("the API reference", () => {
  it("documents the points, check-in, tarot and astrology calls", async () => {
    // The served document itself (not a route of the table): read at its address.
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/assets",
        "/blockchain/check_in",
        "/blockchain/tarot",
        "/tarot/draw",
        "/tarot/daily",
        "/tarot/reading",
        "/astrology/today",
      ]),
    );
    expect(Object.keys(doc.paths["/blockchain/check_in"] ?? {}).sort()).toEqual(["get", "post"]);
  });
});
