import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../src/browser.js";
import { serverAndBrowser } from "../src/harness.js";
import { signUpByApi } from "../src/members.js";

const e2e = serverAndBrowser();

const kana = /[\u3040-\u30ff]/;

/** Today's card ids as the API gives them (the same in every language). */
async function drawnCards(page: Page) {
  const answer = await page.request.get(`${e2e.server.url}/api/tarot/draw`);
  const { data } = (await answer.json()) as { data: { cards: Array<{ card_id: number; is_reversed: boolean }> } };
  return data.cards.map(({ card_id, is_reversed }) => ({ card_id, is_reversed }));
}

/** Today's stored reading as it stands (asked without rewriting it). */
async function storedReading(page: Page, cards: Awaited<ReturnType<typeof drawnCards>>) {
  const answer = await page.request.post(`${e2e.server.url}/api/tarot/daily`, {
    data: { language: "en", cards, force_refresh: false },
  });
  return ((await answer.json()) as { data: { language: string; cards: Array<{ card_id: number }> } }).data;
}

describe("tarot and tasks in the reader's language", () => {
  it("a reading drawn in English reads in Japanese after switching, with no rewrite, and the home tasks are in Japanese", async () => {
    const context = await e2e.browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUpByApi(page, e2e.server.url, "tarot-languages@example.com");
    const cards = await drawnCards(page);

    await page.goto(`${e2e.server.url}/daily-tarot`, { waitUntil: "networkidle" });
    expect(await page.getAttribute("html", "lang")).toBe("en");
    // Turn the three face-down cards over.
    for (let turned = 0; turned < 3; turned += 1) await page.locator("ol li button").first().click();
    const reading = page.locator('[aria-labelledby="reading-title"]');
    await reading.locator("#rewrite-hint").waitFor({ timeout: 15_000 });
    const english = (await reading.textContent()) ?? "";
    expect(kana.test(english)).toBe(false);

    // The same stored reading, in Japanese, without pressing "Rewrite reading".
    await page.goto(`${e2e.server.url}/daily-tarot?lang=ja`, { waitUntil: "networkidle" });
    expect(await page.getAttribute("html", "lang")).toBe("ja");
    await expect.poll(async () => kana.test((await reading.textContent()) ?? ""), { timeout: 15_000 }).toBe(true);
    const japanese = await storedReading(page, cards);
    expect(japanese.cards.map((card) => card.card_id)).toEqual(cards.map((card) => card.card_id));
    expect(await drawnCards(page)).toEqual(cards);

    // The home page's tasks say how the server checks them in Japanese, not the server's English.
    await page.goto(`${e2e.server.url}/`, { waitUntil: "networkidle" });
    const tasks = page.getByTestId("tasks");
    await expect
      .poll(async () => (await tasks.textContent())?.includes("EVM ウォレット") ?? false, { timeout: 15_000 })
      .toBe(true);
    const text = (await tasks.textContent()) ?? "";
    expect(text).toContain("ウォレットを紐付ける");
    expect(text).not.toContain("The EVM wallet bound");
    expect(text).not.toContain("as indexed from the chain");
    expect(errors).toEqual([]);
    await context.close();
  });
});
