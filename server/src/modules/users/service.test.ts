import { describe, expect, it } from "vitest";
import { displayLevel } from "./service.js";

describe("the level a member is shown", () => {
  it("is gold for an active free member, the stored level otherwise", () => {
    expect(displayLevel({ type: "free", isActive: true, level: "bronze" })).toBe("gold");
    expect(displayLevel({ type: "free", isActive: false, level: "bronze" })).toBe("bronze");
    expect(displayLevel({ type: "vip", isActive: true, level: "platinum" })).toBe("platinum");
  });
});
