import { describe, expect, it } from "vitest";
import { afterSignInPath, sameSitePath } from "./redirect-target.js";

/** Every way a crafted `redirect` has tried to leave the site: slashes, dot segments, escapes, whitespace. */
const hostileRedirects = [
  "//evil.example/phish",
  "/\\evil.example/phish",
  "\\\\evil.example",
  "/\\/evil.example",
  "/.//evil.example/phish",
  "/./\\evil.example",
  "/x/..//evil.example",
  "/x/../\\evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/x/%2e%2e//evil.example",
  "/./%2e/%2e//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/.\t//evil.example",
  "/x/.\n.//evil.example",
  "https://evil.example/",
  "http:evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  " //evil.example",
  "",
];

/** Forms that name a path on this site in an unusual spelling: they may stay, but only as that path. */
const oddButLocal: Array<[crafted: string, path: string]> = [
  ["/./%2Fevil", "/%2Fevil"],
  ["/%2f%2fevil.example", "/%2f%2fevil.example"],
  ["/%5cevil.example", "/%5cevil.example"],
  ["/%2e/loot-box", "/loot-box"],
  ["/x/../loot-box?tab=mine#odds", "/loot-box?tab=mine#odds"],
];

const site = "https://arcana.example";

describe("where a member lands after signing in", () => {
  it("returns to the page they wanted, with its query and fragment", () => {
    expect(afterSignInPath(new URLSearchParams({ redirect: "/change-password" }))).toBe("/change-password");
    expect(sameSitePath("/loot-box?tab=mine#odds")).toBe("/loot-box?tab=mine#odds");
  });

  it("goes home without a redirect", () => {
    expect(afterSignInPath(new URLSearchParams())).toBe("/");
  });

  it("never leaves the site, however the link is crafted", () => {
    for (const crafted of hostileRedirects) {
      expect(sameSitePath(crafted), JSON.stringify(crafted)).toBeNull();
      expect(afterSignInPath(new URLSearchParams({ redirect: crafted })), JSON.stringify(crafted)).toBe("/");
    }
  });

  it("keeps an odd spelling of a local path only as the path a browser would open", () => {
    for (const [crafted, path] of oddButLocal) {
      const kept = sameSitePath(crafted);
      expect(kept, JSON.stringify(crafted)).toBe(path);
      // Given as a `Location`, the browser stays on the site, and reading it again changes nothing.
      expect(new URL(path, site).origin).toBe(site);
      expect(sameSitePath(kept)).toBe(kept);
    }
  });
});
