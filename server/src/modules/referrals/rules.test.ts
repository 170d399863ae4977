import { describe, expect, it } from "vitest";
import {
  dailySeries,
  memberCodeAlphabet,
  newMemberCode,
  normalizeCode,
  referralWindowEnd,
  referralWindowOpen,
  refusalOf,
  refusalReasons,
} from "./rules.js";

describe("member codes", () => {
  it("are 8 characters without 0, O, 1 or I", () => {
    expect(memberCodeAlphabet).not.toMatch(/[01OI]/);
    expect(newMemberCode(() => 0)).toBe("22222222");
    expect(newMemberCode(() => memberCodeAlphabet.length - 1)).toBe("ZZZZZZZZ");
    for (let i = 0; i < 100; i++) expect(newMemberCode()).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
  });

  it("compare case-insensitively", () => {
    expect(normalizeCode(" moonRise ")).toBe("MOONRISE");
  });
});

describe("the referral window", () => {
  it("is open for windowDays after sign-up, to the millisecond", () => {
    const joined = new Date("2026-11-01T10:00:00.000Z");
    expect(referralWindowEnd(joined, 7).toISOString()).toBe("2026-11-08T10:00:00.000Z");
    expect(referralWindowOpen(joined, 7, new Date("2026-11-08T09:59:59.999Z"))).toBe(true);
    expect(referralWindowOpen(joined, 7, new Date("2026-11-08T10:00:00.000Z"))).toBe(false);
  });
});

describe("a KOL code's days", () => {
  it("lists the last N GMT days oldest first, zero where nothing happened", () => {
    const series = dailySeries(
      new Date("2026-11-24T23:59:00.000Z"),
      3,
      new Map([["2026-11-22", 4]]),
      new Map([["2026-11-24", 1]]),
    );
    expect(series).toEqual([
      { date: "2026-11-22", uses: 4, qualified: 0 },
      { date: "2026-11-23", uses: 0, qualified: 0 },
      { date: "2026-11-24", uses: 0, qualified: 1 },
    ]);
  });
});

describe("a refusal's code", () => {
  it("is read from the stored English words, so old rows need no migration; unknown words are other", () => {
    expect(refusalOf(refusalReasons.sameInbox)).toBe("same_inbox");
    expect(refusalOf(refusalReasons.walletBoundElsewhere)).toBe("wallet_bound_elsewhere");
    expect(refusalOf(refusalReasons.walletAlreadyQualified)).toBe("wallet_already_qualified");
    expect(refusalOf(refusalReasons.inviterCapReached)).toBe("inviter_cap_reached");
    expect(refusalOf("Some words an older server wrote.")).toBe("other");
    expect(refusalOf(null)).toBe("other");
  });
});
