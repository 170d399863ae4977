import { describe, expect, it } from "vitest";
import { createUnsubscribeTokens } from "./unsubscribe-token.js";

const member = "0b0e6d1c-1f5a-4a7e-9a55-3c8f1d2e4b6a";
const other = "7d3c9f4e-2b1a-4c8d-8e6f-5a4b3c2d1e0f";
const secret = "reminder-token-test-secret-0123456789abcdef";

describe("unsubscribe tokens", () => {
  it("name the member they were made for", () => {
    const tokens = createUnsubscribeTokens(secret);
    expect(tokens.verify(tokens.sign(member))).toBe(member);
  });

  it("refuse a tampered token, another member's id with this signature, another secret's token and junk", () => {
    const tokens = createUnsubscribeTokens(secret);
    const token = tokens.sign(member);
    const [, signature = ""] = token.split(".");
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    expect(tokens.verify(`${member}.${flipped}`)).toBeNull();
    expect(tokens.verify(`${other}.${signature}`)).toBeNull();
    expect(tokens.verify(createUnsubscribeTokens("another-secret-0123456789abcdefghij").sign(member))).toBeNull();
    for (const junk of ["", ".", member, `${member}.`, `${token}.x`, `${member}.${signature}=`, "x".repeat(5000)]) {
      expect(tokens.verify(junk), junk.slice(0, 40)).toBeNull();
    }
  });

  it("are not the session's signature: the key is derived for unsubscribing alone", async () => {
    const { createHmac } = await import("node:crypto");
    const tokens = createUnsubscribeTokens(secret);
    const plain = createHmac("sha256", secret).update(member).digest("base64url");
    expect(tokens.sign(member)).not.toBe(`${member}.${plain}`);
    expect(tokens.verify(`${member}.${plain}`)).toBeNull();
  });

  it("keep working through a SESSION_SECRET rotation (the old secret as PREVIOUS_SESSION_SECRET)", () => {
    const before = createUnsubscribeTokens(secret).sign(member);
    const rotated = createUnsubscribeTokens("the-new-session-secret-0123456789abcdef", secret);
    expect(rotated.verify(before)).toBe(member);
    expect(createUnsubscribeTokens("the-new-session-secret-0123456789abcdef").verify(before)).toBeNull();
  });
});
