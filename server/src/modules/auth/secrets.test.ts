import * as crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";

vi.mock("node:crypto", async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

// Other files of this worker may have imported secrets.js already, with the real node:crypto (isolate: false).
vi.resetModules();
const { digestsMatch, generateSignInCode, hashSignInCode } = await import("./secrets.js");

describe("sign-in code secrets", () => {
  it("compares code digests with crypto.timingSafeEqual", () => {
    const stored = hashSignInCode("secret", "a@b.co", "123456");
    expect(digestsMatch(stored, hashSignInCode("secret", "a@b.co", "123456"))).toBe(true);
    expect(digestsMatch(stored, hashSignInCode("secret", "a@b.co", "123457"))).toBe(false);
    expect(vi.mocked(crypto.timingSafeEqual)).toHaveBeenCalledTimes(2);
  });

  it("binds a code's digest to the address and the server secret", () => {
    const digest = hashSignInCode("secret", "a@b.co", "123456");
    expect(hashSignInCode("secret", "c@d.co", "123456")).not.toBe(digest);
    expect(hashSignInCode("other", "a@b.co", "123456")).not.toBe(digest);
  });

  it("makes 6-digit codes, leading zeros included", () => {
    const codes = Array.from({ length: 500 }, generateSignInCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });
});
