import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { testConfig, testMember } from "../test/fixtures";
import { loader } from "./auth";

const member = testMember({ email: "signed-in@example.com" });
const site = "http://arcana.test";

/** Where `/auth?redirect=…` sends a member who is already signed in (the page's loader answers it). */
async function locationFor(redirectParam: string): Promise<string | null> {
  const context: AppLoadContext = {
    requestId: "test",
    cspNonce: "nonce",
    language: "en",
    config: testConfig(),
    getSessionUser: async () => member,
    getOperatorConsole: async () => null,
  };
  const url = new URL(`/auth?${new URLSearchParams({ redirect: redirectParam })}`, site);
  try {
    await loader({ request: new Request(url), url, context, params: {}, pattern: "/auth" });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location");
    throw thrown;
  }
  throw new Error("expected the signed-in member to be redirected");
}

describe("the sign-in page for a member who is already signed in", () => {
  it("sends them on to the page of this site they asked for", async () => {
    expect(await locationFor("/loot-box?tab=mine")).toBe("/loot-box?tab=mine");
  });

  it("sends them home, not to another host, whatever the redirect says", async () => {
    for (const crafted of [
      "//evil.example/phish",
      "/\\evil.example",
      "/.//evil.example/phish",
      "/x/..//evil.example",
      "/%2e//evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "https://evil.example/",
    ]) {
      const location = await locationFor(crafted);
      expect(location, JSON.stringify(crafted)).toBe("/");
    }
    // Encoded slashes stay one path on this site, as the browser reads the `Location`.
    for (const crafted of ["/./%2Fevil", "/%2f%2fevil.example", "/%5cevil.example"]) {
      const location = (await locationFor(crafted)) ?? "";
      expect(new URL(location, site).origin, JSON.stringify(crafted)).toBe(site);
    }
  });
});
