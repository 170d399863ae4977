import { describe, expect, it } from "vitest";
import { afterSignInPath, sameSitePath } from "./redirect-target";

describe("where a member lands after signing in", () => {
  it("returns to the page they wanted, with its query", () => {
    expect(afterSignInPath(new URLSearchParams({ redirect: "/change-password" }))).toBe("/change-password");
    expect(sameSitePath("/loot-box?tab=mine#odds")).toBe("/loot-box?tab=mine#odds");
  });

  it("goes home without a redirect", () => {
    expect(afterSignInPath(new URLSearchParams())).toBe("/");
  });

  it("never leaves the site, however the link is crafted", () => {
    for (const crafted of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "\\\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
    ]) {
      expect(sameSitePath(crafted), crafted).toBeNull();
      expect(afterSignInPath(new URLSearchParams({ redirect: crafted })), crafted).toBe("/");
    }
  });
});
