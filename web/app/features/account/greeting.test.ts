import { describe, expect, it } from "vitest";
import { greetingFor } from "./greeting";

describe("the dashboard's greeting", () => {
  const joined = "2026-11-28T06:00:00.000Z";
  it("says Welcome on the account's first day and Welcome back after it", () => {
    expect(greetingFor({ member_since: joined }, Date.parse("2026-11-28T06:00:05Z"))).toBe("home.welcomeNew");
    expect(greetingFor({ member_since: joined }, Date.parse("2026-11-29T05:59:59Z"))).toBe("home.welcomeNew");
    expect(greetingFor({ member_since: joined }, Date.parse("2026-11-29T06:00:00Z"))).toBe("home.welcome");
  });
});
