import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInByCode } from "../test/app.js";
import { hostileRedirects } from "../test/hostile-redirects.js";
import { createHotFrontend, type HotFrontend } from "./vite-frontend.js";

// The real web app, server-rendered as `npm run dev` does: the redirect is the one its sign-in page answers.
let web: HotFrontend;
let t: Awaited<ReturnType<typeof createTestApp>>;
let signedIn: { cookie: string };
beforeAll(async () => {
  web = await createHotFrontend();
  t = await createTestApp({ web });
  signedIn = { cookie: `arcana_session=${await signInByCode(t.app, "redirected@example.com")}` };
}, 120_000);
afterAll(async () => {
  await t?.dispose();
  await web?.close();
});

/** Where the server sends a signed-in member who opens `/auth?redirect=<value>`. */
async function locationFor(value: string): Promise<string | null> {
  const res = await t.app.request(`/auth?redirect=${encodeURIComponent(value)}`, { headers: signedIn });
  expect(res.status, value).toBe(302);
  return res.headers.get("location");
}

const site = "http://localhost";

describe("the server's redirect after sign-in", () => {
  it("stays on the site for every hostile form of the redirect", async () => {
    expect(await locationFor("/loot-box?tab=mine")).toBe("/loot-box?tab=mine");
    for (const crafted of hostileRedirects) {
      const location = (await locationFor(crafted)) ?? "";
      // Resolved by the browser against the page, the Location stays on this origin.
      expect(new URL(location, site).origin, JSON.stringify(crafted)).toBe(site);
      expect(location.startsWith("//") || location.startsWith("/\\"), JSON.stringify(crafted)).toBe(false);
    }
  });
});
