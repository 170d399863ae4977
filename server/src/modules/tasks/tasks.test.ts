import { consumeTasksRoute, gmtDayNumber, type TasksResult } from "@arcana/protocol";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerEntries, passes } from "../../db/schema.js";
import { apiClient, pathOf } from "../../test/api-client.js";
import { economyQualifyingOn, testAppPerFile, testClock, unlimitedLimiter } from "../../test/app.js";
import { balanceOf, bindWalletDirectly, createMemberRow, signUpMember } from "../../test/members.js";

const DAY_MS = 86_400_000;
const clock = testClock(new Date());
const t = testAppPerFile({
  now: clock.now,
  limiter: unlimitedLimiter(),
  economy: economyQualifyingOn("wallet_bound"),
});

let members = 0;
async function newMember() {
  members += 1;
  return signUpMember(t, `tasks-${members}@example.com`);
}

function wallet(n: number) {
  return `0x${n.toString(16).padStart(40, "7")}`;
}

async function consume(auth: Record<string, string>): Promise<TasksResult> {
  return apiClient(t.app).data(consumeTasksRoute, { auth });
}

const stateOf = (result: TasksResult, id: string) => result.tasks.find((task) => task.id === id);

describe("GET /tasks/consume", () => {
  it("lists the operator's tasks, open, with progress and how the server knows", async () => {
    const member = await newMember();
    const result = await consume(member.auth);
    expect(result.granted).toEqual([]);
    expect(result.pts).toBe(0);
    expect(result.tasks.map((task) => [task.id, task.points, task.state, task.progress])).toEqual([
      ["bind_wallet", 20, "open", { current: 0, target: 1 }],
      ["first_pass", 50, "open", { current: 0, target: 1 }],
      ["first_stake", 30, "open", { current: 0, target: 1 }],
      ["streak_7", 70, "open", { current: 0, target: 7 }],
      ["invite_3", 100, "open", { current: 0, target: 3 }],
    ]);
    expect(stateOf(result, "streak_7")?.verified_by).toMatch(/check-ins on chain, counted by GMT day/);
    // The web says how the server knows from these, in the reader's language.
    expect(result.tasks.map((task) => task.conditions)).toEqual([
      ["wallet_bound"],
      ["pass_minted"],
      ["pass_staked"],
      ["check_in_streak"],
      ["qualified_invites"],
    ]);
    for (const task of result.tasks) expect(task.verified_by.length).toBeGreaterThan(10);
  });

  it("credits a completed task once, and never again on repeat", async () => {
    const member = await newMember();
    await bindWalletDirectly(t.database.db, member.userId, wallet(1));
    const first = await consume(member.auth);
    expect(first.granted).toEqual([{ id: "bind_wallet", points: 20 }]);
    expect(stateOf(first, "bind_wallet")).toMatchObject({ state: "rewarded", progress: { current: 1, target: 1 } });
    expect(first.pts).toBe(20);
    const again = await consume(member.auth);
    expect(again.granted).toEqual([]);
    expect(again.pts).toBe(20);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.userId), eq(ledgerEntries.kind, "task")));
    expect(rows.map((row) => [row.reference, row.amount])).toEqual([[`${member.userId}:bind_wallet`, 20]]);
  });

  it("checks passes, stakes and check-in streaks from the server's own tables", async () => {
    const member = await newMember();
    const address = wallet(2);
    await bindWalletDirectly(t.database.db, member.userId, address);
    const start = clock.now().getTime() - 6 * DAY_MS;
    for (let day = 0; day < 6; day++) {
      const at = new Date(start + day * DAY_MS);
      await t.checkIn.creditCheckIn({
        wallet: address,
        day: gmtDayNumber(at),
        chainId: 31337,
        txHash: `0x${(day + 1).toString(16).padStart(64, "e")}`,
        logIndex: 0,
        blockHash: `0x${(day + 1).toString(16).padStart(64, "f")}`,
        blockTime: at,
      });
    }
    let result = await consume(member.auth);
    expect(stateOf(result, "streak_7")).toMatchObject({ state: "open", progress: { current: 6, target: 7 } });
    expect(stateOf(result, "first_pass")?.state).toBe("open");

    await t.database.db.insert(passes).values({
      chainId: 31337,
      tokenId: 9001,
      owner: address,
      mintedAt: clock.now(),
      staked: true,
      stakedSince: clock.now(),
    });
    const at = new Date(start + 6 * DAY_MS);
    await t.checkIn.creditCheckIn({
      wallet: address,
      day: gmtDayNumber(at),
      chainId: 31337,
      txHash: `0x${"7".padStart(64, "e")}`,
      logIndex: 0,
      blockHash: `0x${"7".padStart(64, "f")}`,
      blockTime: at,
    });
    const before = await balanceOf(t.database.db, member.userId);
    result = await consume(member.auth);
    expect(result.granted.map((grant) => grant.id).sort()).toEqual(["first_pass", "first_stake", "streak_7"]);
    expect(result.pts).toBe(before + 50 + 30 + 70);
  });

  it("counts only invites that qualified toward invite_3", async () => {
    const inviter = await newMember();
    const { code } = await t.referrals.summary(inviter.userId);
    for (let i = 0; i < 3; i++) {
      const invitee = await createMemberRow(t.database.db, `tasks-invitee-${i}@example.com`);
      await t.referrals.use(invitee, code);
      if (i < 2) await bindWalletDirectly(t.database.db, invitee, wallet(100 + i));
    }
    let result = await consume(inviter.auth);
    expect(stateOf(result, "invite_3")).toMatchObject({ state: "open", progress: { current: 2, target: 3 } });
    const third = await createMemberRow(t.database.db, "tasks-invitee-3@example.com");
    await t.referrals.use(third, code);
    await bindWalletDirectly(t.database.db, third, wallet(103));
    result = await consume(inviter.auth);
    expect(result.granted).toEqual([{ id: "invite_3", points: 100 }]);
  });

  it("50 simultaneous calls credit each completed task once", async () => {
    const member = await newMember();
    await bindWalletDirectly(t.database.db, member.userId, wallet(3));
    const answers = await Promise.all(Array.from({ length: 50 }, () => consume(member.auth)));
    expect(answers.flatMap((answer) => answer.granted)).toEqual([{ id: "bind_wallet", points: 20 }]);
    expect(await balanceOf(t.database.db, member.userId)).toBe(20);
  });

  it("needs a session, and refuses a write method", async () => {
    expect((await apiClient(t.app).call(consumeTasksRoute)).status).toBe(401);
    const member = await newMember();
    // The route is a GET (the spec fixes it): another method finds nothing. The client sends a route's own
    // method only, so the POST is written by hand to the route's path.
    const res = await t.app.request(pathOf(consumeTasksRoute), {
      method: "POST",
      body: JSON.stringify({}),
      headers: { "content-type": "application/json", ...member.auth },
    });
    expect(res.status).toBe(404);
    expect(await balanceOf(t.database.db, member.userId)).toBe(0);
  });
});
