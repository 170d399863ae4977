import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.js";
import { grantPoints, spendPoints } from "../../server/src/modules/ledger/api.js";
import { makeOperator } from "../../server/src/test/admin.js";
import { createMemberRow } from "../../server/src/test/members.js";
import { launchBrowser } from "../src/browser.js";
import { signUpByApi } from "../src/members.js";
import { freshDataDir, repoRoot, startServer } from "../src/server.js";

/**
 * The English sweep (issue 42): every member and operator page, the dashboard's dialogs and the wallet dialog (with
 * today's reading written in the page's language), in all six languages at 360 and 1280 px. It fails on a visible text
 * of a non-English page that is word for word the English page's, on horizontal overflow, on a control whose text is
 * cut or wider than its box, on a dialog's control outside the screen, and at 360 px on any control outside the screen
 * or a text cut to an ellipsis. One server, one browser, one context per member; each page is loaded once per language
 * and read at both widths (the viewport changes in place). Screenshots at 360 px go to e2e/screenshots/sweep
 * (gitignored).
 */
const memberEmail = "sweep-member@example.com";
const operatorEmail = "sweep-ops@example.com";
const languages = ["zh-CN", "ko", "ja", "vi", "tr"] as const;
const widths = [360, 1280] as const;
const memberPages = ["/", "/genesis-pass", "/daily-tarot", "/loot-box", "/change-password", "/fairness"];
const operatorPages = [
  "/operator",
  "/operator/boxes",
  "/operator/members",
  "/operator/invites",
  "/operator/chains",
  "/operator/sponsorship",
  "/operator/reminders",
  "/operator/audit",
];
const dialogs = ["pointsHistory", "checkIn", "invites"] as const;
interface Target {
  who: string;
  path: string;
  dialog?: (typeof dialogs)[number] | "wallet";
}
/** Names that are the same in every language: the product, tokens, wallets, chains' own names. */
const names = new Set([
  "Arcana",
  "Genesis Pass",
  "ETH",
  "BNB",
  "USDC",
  "opBNB",
  "zkFair",
  "Phantom",
  "Solflare",
  "Clover",
  "MetaMask",
  "Solana",
  "EVM",
  "GMT",
  "UTC",
  "KOL",
  "CSV",
  "English",
  "Tiếng Việt",
  "Türkçe",
]);
const screenshots = path.join(repoRoot, "e2e/screenshots/sweep");

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  // A member with ledger entries of every kind and an operator, made before the server opens the database.
  const dataDir = freshDataDir("arcana-e2e-sweep-");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.migrate();
  const member = await createMemberRow(database.db, memberEmail);
  for (const kind of [
    "grant",
    "check_in",
    "tarot",
    "staking",
    "box_reward",
    "referral",
    "referral_invitee",
    "kol",
    "task",
  ]) {
    await grantPoints(database.db, { userId: member, kind, amount: 1234, reference: `sweep-${kind}` });
  }
  for (const kind of ["box_purchase", "deduction"]) {
    await spendPoints(database.db, { userId: member, kind, amount: 10, reference: `sweep-${kind}` });
  }
  await createMemberRow(database.db, operatorEmail);
  await makeOperator(database.db, operatorEmail);
  await database.close();
  [server, browser] = await Promise.all([startServer({}, { dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The visible texts of the page (each text node's trimmed text, except code and what the app marks as data with
 * `translate="no"`), and what does not fit: the document wider than the
 * screen, a control whose text is wider than its box, a control in a dialog outside the screen; at 360 px also any
 * control partly outside the screen and a text cut to an ellipsis.
 */
function readPage(page: Page): Promise<{ texts: string[]; misfits: string[] }> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, code, pre, .visually-hidden, [translate="no"]'))
        continue;
      if (parent.offsetParent === null && getComputedStyle(parent).position !== "fixed") continue;
      texts.push(text);
    }
    const misfits: string[] = [];
    const narrow = window.innerWidth <= 360;
    if (document.documentElement.scrollWidth > window.innerWidth) {
      misfits.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    }
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("button, a[href], [role=button], input"))) {
      if (element.offsetParent === null || element.clientWidth === 0) continue;
      const name = element.textContent?.trim() || element.getAttribute("aria-label") || element.tagName;
      if (element.scrollWidth > element.clientWidth + 1) {
        misfits.push(`"${name}" is cut (needs ${element.scrollWidth}px, has ${element.clientWidth}px)`);
      }
      const box = element.getBoundingClientRect();
      if ((narrow || element.closest("[role=dialog]")) && (box.left < -0.5 || box.right > window.innerWidth + 0.5)) {
        misfits.push(`"${name}" spans ${Math.round(box.left)}-${Math.round(box.right)}px of the screen`);
      }
    }
    if (narrow) {
      for (const element of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
        // Visually hidden text (1 px wide) is cut on purpose.
        if (element.offsetParent === null || element.clientWidth <= 1) continue;
        if (getComputedStyle(element).textOverflow !== "ellipsis") continue;
        if (element.scrollWidth > element.clientWidth + 1) misfits.push(`"${element.textContent}" is cut`);
      }
    }
    return { texts, misfits };
  });
}

/**
 * A text that reads as words: two letters or more (a number is not words), and not a name of the allowlist (alone or
 * with a sign: "© Arcana"). Data (addresses, hashes, codes, e-mail addresses, the audit log's raw ids and payloads) is
 * not judged here: the app marks it `translate="no"`, which is also what browser translators leave alone, and
 * `readPage` skips it.
 */
function isWords(text: string): boolean {
  if (names.has(text.replace(/^[©·\s]+/, ""))) return false;
  return /\p{L}{2,}/u.test(text);
}

/** Opens the target in the page's language and, for a dialog, opens it from the dashboard or the header. */
async function visit(page: Page, target: Target, language: string) {
  await page.goto(`${server.url}${target.path}?lang=${language}`, { waitUntil: "networkidle" });
  expect(await page.getAttribute("html", "lang")).toBe(language);
  if (target.dialog === "wallet") {
    await page.getByTestId("header-wallet").click();
  } else if (target.dialog) {
    await page.getByTestId("member-dashboard").getByRole("button").nth(dialogs.indexOf(target.dialog)).click();
  }
  if (target.dialog) {
    await page.getByRole("dialog").getByRole("button").first().waitFor();
    await page.waitForLoadState("networkidle");
  }
}

/** After a viewport change: two frames, so listeners on the size (media queries, observers) have run. */
function settle(page: Page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

describe("every page and dialog in every language", () => {
  it("shows no English, no overflow and no cut control, member and operator, at 360 and 1280 px", async () => {
    mkdirSync(screenshots, { recursive: true });
    const targets: Target[] = [
      ...memberPages.map((path) => ({ who: memberEmail, path })),
      ...dialogs.map((dialog) => ({ who: memberEmail, path: "/", dialog })),
      { who: memberEmail, path: "/", dialog: "wallet" as const },
      ...operatorPages.map((path) => ({ who: operatorEmail, path })),
    ];
    const problems: string[] = [];
    const english = new Map<string, Set<string>>();
    for (const who of [memberEmail, operatorEmail]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signUpByApi(page, server.url, who);
      await page.request.post(`${server.url}/api/users/mine/language`, { data: { language: "en" } });
      const draw = (await (await page.request.get(`${server.url}/api/tarot/draw`)).json()) as {
        data: { cards: Array<{ card_id: number; is_reversed: boolean }> };
      };
      const cards = draw.data.cards.map(({ card_id, is_reversed }) => ({ card_id, is_reversed }));
      let width: number = widths[1];
      // English first: its words are what the other languages must not show; it must fit too.
      for (const language of ["en", ...languages]) {
        if (who === memberEmail) {
          // Today's reading written in this language: the longest texts /daily-tarot shows.
          await page.request.post(`${server.url}/api/tarot/daily`, { data: { language, cards, force_refresh: true } });
        }
        for (const target of targets.filter((candidate) => candidate.who === who)) {
          const key = `${target.path}${target.dialog ?? ""}`;
          // One load per page and language, read at both widths: the width it loaded at, then the other.
          await visit(page, target, language);
          for (const pass of [0, 1]) {
            if (pass === 1) {
              width = width === widths[0] ? widths[1] : widths[0];
              await page.setViewportSize({ width, height: 800 });
              await settle(page);
            }
            const { texts, misfits } = await readPage(page);
            const where = `${language} ${width}px ${key}`;
            const words = texts.filter(isWords);
            if (language === "en") {
              english.set(key, new Set([...(english.get(key) ?? []), ...words]));
            } else {
              for (const text of new Set(words)) {
                if (english.get(key)?.has(text)) problems.push(`${where}: English "${text}"`);
              }
            }
            problems.push(...misfits.map((misfit) => `${where}: ${misfit}`));
            if (width === 360) {
              const file = `${language}-${width}${key.replaceAll(/[^\w]+/g, "-")}.png`;
              await page.screenshot({ path: path.join(screenshots, file), fullPage: true });
            }
          }
        }
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
