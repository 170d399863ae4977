import { describe, expect, it } from "vitest";
import { isValidEmail, normalizeEmail, passwordProblem } from "./account-rules.js";

describe("accounts rules", () => {
  it("treats differently typed addresses as one", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
  });

  it("accepts ordinary addresses and refuses malformed ones", () => {
    expect(isValidEmail("ada.lovelace+arcana@example.co.uk")).toBe(true);
    for (const bad of ["", "ada", "ada@", "@example.com", "ada@example", "ada @example.com", "a@b@c.com"]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it("asks for at least 10 characters that are not the e-mail address", () => {
    expect(passwordProblem("short", "a@b.co")).toMatch(/at least 10/);
    expect(passwordProblem("Ada@Example.com", "ada@example.com")).toMatch(/cannot be your e-mail/);
    expect(passwordProblem("correct horse battery", "ada@example.com")).toBeNull();
  });
});
