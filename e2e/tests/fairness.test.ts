import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.js";
import { grantPoints } from "../../server/src/modules/ledger/api.js";
import { createMemberRow } from "../../server/src/test/members.js";
import { violationsOn } from "../src/axe.js";
import { launchBrowser, watchErrors } from "../src/browser.js";
import { startServer } from "../src/server.js";

// Issue 45: /fairness, for a visitor, sets stated odds beside observed counts with a χ² test, in any
// language, re-derives a line of the public export in the browser, and has no axe violation.
const email = "fairness-e2e@example.com";
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

async function call(pathname: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.url}/api${pathname}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(res.status, `${pathname}: ${await res.clone().text()}`).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "arcana-e2e-fairness-"));
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.migrate();
  const userId = await createMemberRow(database.db, email);
  await grantPoints(database.db, { userId, kind: "test_grant", amount: 500, reference: "fairness-e2e", label: "Test" });
  await database.close();
  [server, browser] = await Promise.all([startServer({}, { dataDir }), launchBrowser()]);
  // The member opens four Moon Boxes, then rotates: those openings become verifiable by anyone.
  await call("/send_code", { body: { email, check_email: true } });
  const mail = (await call(`/dev/mailbox?to=${encodeURIComponent(email)}`)) as Array<{ subject: string }>;
  const signedIn = (await call("/sign_in", { body: { email, code: mail[0]?.subject.slice(0, 6), type: "code" } })) as {
    token: string;
  };
  const token = signedIn.token;
  const bought = (await call("/boxes/purchase", { token, body: { box_id: "moon", quantity: 4 } })) as {
    owned_box_ids: string[];
  };
  for (const id of bought.owned_box_ids) await call("/boxes/open", { token, body: { owned_box_id: id } });
  await call("/boxes/fairness/rotate", { token, body: {} });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("/fairness", () => {
  it("sets stated odds beside observed counts with χ² in English and Japanese, axe clean, and verifies a line", async () => {
    // axe is injected as a script: the page's CSP would refuse it.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const [language, heading, stated, counts] of [
      ["en", "Fairness", "Stated", /4 openings of the last 90 days can be re-derived by anyone now; 0 wait/],
      ["ja", "公平性", "公表", /過去 90 日間のうち 4 件の開封は今すぐ誰でも再計算できます/],
    ] as const) {
      await page.goto(`${server.url}/fairness?lang=${language}`, { waitUntil: "networkidle" });
      await expect.poll(() => page.locator("main h1").first().textContent()).toBe(heading);
      const moon = page.locator('[data-box-id="moon"]');
      await moon.getByTestId("chi-square").first().waitFor();
      expect(await moon.getByTestId("chi-square").first().textContent()).toMatch(/χ² = \d+\.\d\d.*p = /);
      expect(await moon.locator("thead th").nth(1).textContent()).toBe(stated);
      expect(await moon.locator("tbody tr").count()).toBe(4);
      expect(await page.getByTestId("verifiable-counts").textContent()).toMatch(counts);
      expect(await violationsOn(page)).toEqual([]);
    }

    // Any line of the export, pasted into the page, is re-derived in the browser.
    const openings = (await call("/boxes/openings")) as { openings: unknown[] };
    await page.goto(`${server.url}/fairness?lang=en`, { waitUntil: "networkidle" });
    await page.getByLabel("One opening (a JSON line)").fill(JSON.stringify(openings.openings[0]));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByTestId("verify-result").textContent()).toMatch(/^Re-derived in your browser/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
