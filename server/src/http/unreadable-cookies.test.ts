import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInByCode } from "../test/app.js";
import type { WebFrontend } from "../web/frontend.js";

// The web app's stand-in asks what a real page asks (the member, the operator console): every cookie
// the server reads on the way is read.
const web: WebFrontend = {
  buildId: "test",
  assets: null,
  catalog: async () => null,
  render: async (_request, context) => {
    const user = await context.getSessionUser();
    await context.getOperatorConsole();
    return new Response(
      `<!DOCTYPE html><html lang="${context.language}" data-member="${user ? "yes" : "no"}"></html>`,
      {
        headers: { "content-type": "text/html; charset=utf-8" },
      },
    );
  },
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ web });
  token = await signInByCode(t.app, "cookie-jar@example.com");
});
afterAll(() => t.dispose());

const paths = ["/", "/operator", "/api/boxes"];
/** Every cookie the server reads: the language, the session (its development and production names). */
const cookieNames = ["arcana_lang", "arcana_session", "__Host-arcana_session"];

const request = (path: string, cookie: string) => t.app.request(path, { headers: { cookie } });

describe("a cookie the server cannot read", () => {
  it("is ignored: a language cookie that does not decode leaves the page in the browser's language", async () => {
    for (const value of ["%", "%E0%A4%A", "%ZZ", "%u00e9", "%C3%28"]) {
      for (const path of paths) {
        const res = await request(path, `arcana_lang=${value}`);
        expect(res.status, `${path} arcana_lang=${value}`).toBeLessThan(500);
      }
      const page = await t.app.request("/", { headers: { cookie: `arcana_lang=${value}`, "accept-language": "ko" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('lang="ko"');
      // Beside a good session, the member is still signed in.
      const member = await request("/", `arcana_lang=${value}; arcana_session=${token}`);
      expect(await member.text()).toContain('data-member="yes"');
    }
  });

  it("never answers 5xx, whatever the cookies say (fuzz)", async () => {
    // Header-safe characters only (a browser cannot send CR, LF or NUL), weighted towards `%`, `=`, `;`.
    const cookieChar = fc.oneof(
      fc.constantFrom("%", "=", ";", " ", '"', ",", "\\", "\t", "é", "\u00ff"),
      fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
    );
    const cookieText = fc.array(cookieChar, { maxLength: 24 }).map((chars) => chars.join(""));
    const cookie = fc.tuple(fc.oneof(fc.constantFrom(...cookieNames), cookieText), cookieText);
    await fc.assert(
      fc.asyncProperty(
        fc.array(cookie, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...paths),
        fc.boolean(),
        async (cookies, path, withSession) => {
          const jar = cookies.map(([name, value]) => `${name}=${value}`);
          if (withSession) jar.push(`arcana_session=${token}`);
          const res = await request(path, jar.join("; "));
          expect(res.status, `${path} ${jar.join("; ")}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
