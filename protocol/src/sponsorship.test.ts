import { describe, expect, it } from "vitest";
import { sponsoredActions, sponsoredGas } from "./sponsorship.js";

describe("sponsored gas (one table for the web and the relayer)", () => {
  it("has every action sign for gas within the bound the relayer accepts", () => {
    for (const action of sponsoredActions) {
      const { signed, max } = sponsoredGas[action];
      expect(signed, action).toBeGreaterThan(0);
      expect(signed, action).toBeLessThanOrEqual(max);
    }
  });
});
