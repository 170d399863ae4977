import { relayFailures } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { relayFailureOf, relayFailureReasons } from "./relay-failures.js";

describe("a failed relay's reason as a code (for the member's language)", () => {
  it("gives each stored reason its code, `other` for words it does not know, nothing unless failed", () => {
    for (const [code, words] of Object.entries(relayFailureReasons)) expect(relayFailureOf(true, words)).toBe(code);
    expect(Object.keys(relayFailureReasons).sort()).toEqual(relayFailures.filter((code) => code !== "other").sort());
    expect(relayFailureOf(true, "The node said no.")).toBe("other");
    expect(relayFailureOf(true, null)).toBe("other");
    expect(relayFailureOf(false, null)).toBeNull();
  });
});
