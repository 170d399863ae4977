import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { EconomyError, loadEconomy, parseEconomy } from "./economy.js";

const valid = {
  checkIn: { basePoints: 10, streakBonuses: [{ days: 3, bonus: 5 }] },
  tarot: { points: 10 },
  staking: { pointsPerPassPerDay: 100, minStakeSeconds: 86_400 },
};

function problemsOf(value: unknown): string[] {
  try {
    parseEconomy(value, "/srv/arcana/economy.json");
  } catch (error) {
    if (error instanceof EconomyError) return error.message.split("\n");
    throw error;
  }
  return [];
}

function writeTemp(content: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "arcana-economy-")), "economy.json");
  writeFileSync(file, content);
  return file;
}

describe("the economy file", () => {
  it("ships a valid config/economy.json that the server loads by default", () => {
    const economy = loadEconomy();
    expect(economy.checkIn.basePoints).toBeGreaterThan(0);
    expect(economy.tarot.points).toBeGreaterThan(0);
    expect(economy.staking.pointsPerPassPerDay).toBeGreaterThan(0);
  });

  it("names the JSON path of a wrong value, prefixed with the file name", () => {
    const broken = structuredClone(valid);
    broken.checkIn.streakBonuses.push({ days: 2.5, bonus: 1 });
    expect(problemsOf(broken)).toEqual(["economy.json: checkIn.streakBonuses[1].days: must be a positive integer"]);
  });

  it("reports every problem at once, including missing sections and negative points", () => {
    const problems = problemsOf({ checkIn: { basePoints: -1, streakBonuses: [] }, tarot: { points: 10 } });
    expect(problems).toContain("economy.json: checkIn.basePoints: must be 0 or more");
    expect(problems.some((line) => line.startsWith("economy.json: staking:"))).toBe(true);
  });

  it("refuses streak thresholds that do not increase, and unknown settings (typos)", () => {
    const problems = problemsOf({
      ...valid,
      checkIn: {
        basePoints: 10,
        streakBonuses: [
          { days: 7, bonus: 5 },
          { days: 3, bonus: 9 },
        ],
      },
      tarot: { point: 10 },
    });
    expect(problems).toContain(
      "economy.json: checkIn.streakBonuses[1].days: must be greater than the previous entry's days (7)",
    );
    expect(problems).toContain('economy.json: tarot: unknown setting "point"');
  });

  it("ships boxes a newcomer can afford after a few days of check-ins", () => {
    const economy = loadEconomy();
    expect(economy.boxes.length).toBeGreaterThanOrEqual(2);
    const threeDaysOfCheckIns = 3 * economy.checkIn.basePoints + (economy.checkIn.streakBonuses[0]?.bonus ?? 0);
    expect(Math.min(...economy.boxes.map((box) => box.price))).toBeLessThanOrEqual(threeDaysOfCheckIns);
  });

  it("names every wrong box setting by its JSON path", () => {
    const reward = (extra: object) => ({ kind: "points", amount: 5, weight: 1, ...extra });
    const box = { id: "moon", name: "Moon Box", description: "", price: 50, supply: null, perMemberLimit: 20 };
    const problems = problemsOf({
      ...valid,
      boxes: [
        { ...box, rewards: [reward({ weight: 0 })] },
        { ...box, price: 1.5, supply: -1, rewards: [reward({ amount: "5" }), { kind: "gem", weight: 1 }] },
        { ...box, id: "Sun Box", rewards: [] },
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "economy.json: boxes[0].rewards[0].weight: must be a positive integer",
        "economy.json: boxes[1].price: must be a positive integer",
        "economy.json: boxes[1].supply: must be a positive integer",
        "economy.json: boxes[1].rewards[0].amount: must be a positive integer",
        'economy.json: boxes[1].rewards[1].kind: must have a kind of "points", "box" or "allowlist"',
        "economy.json: boxes[2].id: must be 1–64 lower-case letters, digits or dashes",
        "economy.json: boxes[2].rewards: must list at least one reward",
      ]),
    );
  });

  it("refuses two boxes with one id or a reward naming an undefined box, and accepts unlimited supply and limits", () => {
    const box = {
      id: "moon",
      name: "Moon Box",
      description: "",
      price: 50,
      supply: null,
      perMemberLimit: null,
      rewards: [{ kind: "allowlist", weight: 1 }],
    };
    expect(problemsOf({ ...valid, boxes: [box, box] })).toEqual(['economy.json: boxes[1].id: "moon" is used twice']);
    expect(problemsOf({ ...valid, boxes: [{ ...box, rewards: [{ kind: "box", box: "sunn", weight: 5 }] }] })).toEqual([
      'economy.json: boxes[0].rewards[0].box: names "sunn", which is not a box defined here',
    ]);
    expect(problemsOf({ ...valid, boxes: [box] })).toEqual([]);
  });

  it("says when the file is missing or not JSON", () => {
    expect(() => loadEconomy("/nonexistent/economy.json")).toThrow(
      "economy.json: cannot read /nonexistent/economy.json (ENOENT)",
    );
    expect(() => loadEconomy(writeTemp("{ checkIn: 1"))).toThrow(/economy\.json: is not valid JSON/);
  });

  it("is read from ECONOMY_FILE when the operator names another file", () => {
    const file = writeTemp(JSON.stringify({ ...valid, tarot: { points: 42 } }));
    const config = loadConfig({ NODE_ENV: "test", ECONOMY_FILE: file });
    expect(config.economyFile).toBe(file);
    expect(loadEconomy(config.economyFile).tarot.points).toBe(42);
  });

  it("ships the referral, KOL and task settings of issue 15, qualifying on the first check-in (issue 26)", () => {
    const economy = loadEconomy();
    expect(economy.referrals).toEqual({
      windowDays: 7,
      inviterPoints: 50,
      inviteePoints: 20,
      qualifyOn: "first_check_in",
      maxQualifiedPer30Days: 10,
    });
    expect(economy.kol).toEqual({ inviterPoints: 100, inviteePoints: 30, maxQualifiedPer30Days: 1000 });
    expect(economy.tasks.map((task) => task.id)).toEqual([
      "bind_wallet",
      "first_pass",
      "first_stake",
      "streak_7",
      "invite_3",
    ]);
  });

  it("refuses an unknown qualifyOn, unknown task conditions, tasks with none, and task ids used twice", () => {
    const problems = problemsOf({
      ...valid,
      referrals: { windowDays: 0, inviterPoints: 50, inviteePoints: 20, qualifyOn: "signed_up" },
      kol: { inviterPoints: -5, inviteePoints: 30 },
      tasks: [
        { id: "follow", title: "Follow us", points: 10, when: { twitter_followed: true } },
        { id: "nothing", title: "Nothing", points: 10, when: {} },
        { id: "streak", title: "Streak", points: 10, when: { check_in_streak: 0, wallet_bound: false } },
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "economy.json: referrals.windowDays: must be a positive integer",
        "economy.json: referrals.qualifyOn: must be one of wallet_bound, pass_minted, first_check_in",
        "economy.json: kol.inviterPoints: must be 0 or more",
        'economy.json: tasks[0].when: unknown setting "twitter_followed"',
        expect.stringMatching(/^economy\.json: tasks\[1\]\.when: must name a condition: wallet_bound, /),
        "economy.json: tasks[2].when.check_in_streak: must be a positive integer",
        "economy.json: tasks[2].when.wallet_bound: must be true",
      ]),
    );
    const task = { title: "Bind", points: 10, when: { wallet_bound: true } };
    expect(
      problemsOf({
        ...valid,
        tasks: [
          { id: "bind", ...task },
          { id: "bind", ...task },
        ],
      }),
    ).toEqual(['economy.json: tasks[1].id: "bind" is used twice']);
  });
});
