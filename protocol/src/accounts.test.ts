import { describe, expect, it } from "vitest";
import { brokenPasswordRule, isValidEmail, normalizeEmail, passwordProblem } from "./account-rules.js";
import { emailAddressSchema } from "./accounts.js";

describe("accounts rules", () => {
  it("treats differently typed addresses as one", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
  });

  it("keys an internationalised domain by its IDNA ASCII form, however it is typed", () => {
    for (const typed of ["alt@bücher.test", "ALT@BÜCHER.TEST", "alt@bu\u0308cher.test", "alt@xn--bcher-kva.test"]) {
      expect(normalizeEmail(typed), typed).toBe("alt@xn--bcher-kva.test");
      expect(isValidEmail(typed), typed).toBe(true);
    }
    expect(normalizeEmail("ren\u00e9@ｅｘａｍｐｌｅ.com")).toBe("ren\u00e9@example.com");
    // A domain UTS-46 refuses (a joiner between letters) is no address.
    expect(isValidEmail("alt@a\u200db.test")).toBe(false);
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
    expect(brokenPasswordRule("short", "a@b.co")).toBe("too_short");
    expect(brokenPasswordRule("x".repeat(257), "a@b.co")).toBe("too_long");
    expect(brokenPasswordRule("Ada@Example.com", "ada@example.com")).toBe("is_email");
    expect(brokenPasswordRule("correct horse battery", "ada@example.com")).toBeNull();
  });

  it("finding 1: accepts only a bare local@domain mailbox, normalised before it is judged", () => {
    for (const good of [
      "t@v.test",
      "o'brien+tag@mail.example.org",
      "first.last@sub-domain.example",
      "ren\u00e9@exämple.test",
      "  T@V.TEST  ",
    ]) {
      expect(emailAddressSchema.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      "x<t@v.test>",
      "t@v.test(a)",
      "grp:t@v.test;",
      "a@b.test,other",
      "t\u202E@v.test",
      "t@v\u202Etest.com",
      "t\u0007@v.test",
      '"t"@v.test',
      "t@[127.0.0.1]",
      "t@1.2.3.4",
      "t..u@v.test",
      ".t@v.test",
      "t@-v.test",
      "t@v..test",
      `${"a".repeat(65)}@v.test`,
      `a@${"b".repeat(64)}.test`,
    ]) {
      expect(emailAddressSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(isValidEmail(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(normalizeEmail(" RENE\u0301@V.Test ")).toBe("ren\u00e9@v.test");
  });
});
