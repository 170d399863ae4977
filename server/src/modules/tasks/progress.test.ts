import { describe, expect, it } from "vitest";
import { taskEvidence, taskProgress } from "./progress.js";

describe("a task's progress", () => {
  it("counts a fact as 0 or 1 of 1 and a count up to its target", () => {
    expect(taskProgress({ wallet_bound: true }, { wallet_bound: 0 })).toEqual({ current: 0, target: 1, done: false });
    expect(taskProgress({ wallet_bound: true }, { wallet_bound: 1 })).toEqual({ current: 1, target: 1, done: true });
    expect(taskProgress({ check_in_streak: 7 }, { check_in_streak: 4 })).toEqual({
      current: 4,
      target: 7,
      done: false,
    });
    expect(taskProgress({ check_in_streak: 7 }, { check_in_streak: 12 })).toEqual({
      current: 7,
      target: 7,
      done: true,
    });
  });

  it("is done only when every condition reached its target", () => {
    const when = { wallet_bound: true, qualified_invites: 3 } as const;
    expect(taskProgress(when, { wallet_bound: 1, qualified_invites: 2 })).toEqual({
      current: 3,
      target: 4,
      done: false,
    });
    expect(taskProgress(when, { wallet_bound: 1, qualified_invites: 3 })).toEqual({
      current: 4,
      target: 4,
      done: true,
    });
    expect(taskProgress(when, {})).toEqual({ current: 0, target: 4, done: false });
  });

  it("says how the server knows each condition", () => {
    expect(taskEvidence({ boxes_opened: 1 })).toBe("Loot boxes you opened.");
  });
});
