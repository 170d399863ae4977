import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../src/browser.js";
import { serverAndBrowser } from "../src/harness.js";
import { signUpByApi } from "../src/members.js";

const e2e = serverAndBrowser();

const hangul = /[\uac00-\ud7af]/;
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

describe("tarot in the member's language", () => {
  it("today's reading is written in Korean on a Korean page, then in Japanese after a rewrite, with the same cards", async () => {
    const context = await e2e.browser.newContext({ locale: "ko-KR" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUpByApi(page, e2e.server.url, "tarot-languages@example.com");
    const cards = await drawnCards(page);

    await page.goto(`${e2e.server.url}/daily-tarot`, { waitUntil: "networkidle" });
    expect(await page.getAttribute("html", "lang")).toBe("ko");
    // Turn the three face-down cards over.
    for (let turned = 0; turned < 3; turned += 1) await page.locator("ol li button").first().click();
    const reading = page.locator('[aria-labelledby="reading-title"]');
    await expect.poll(async () => hangul.test((await reading.textContent()) ?? ""), { timeout: 15_000 }).toBe(true);
    const korean = await storedReading(page, cards);
    expect(korean.language).toBe("ko");
    expect(korean.cards.map((card) => card.card_id)).toEqual(cards.map((card) => card.card_id));

    // In Japanese the stored reading stays as written until the member asks for a rewrite.
    await page.goto(`${e2e.server.url}/daily-tarot?lang=ja`, { waitUntil: "networkidle" });
    expect(await page.getAttribute("html", "lang")).toBe("ja");
    await reading.locator('button[aria-describedby="rewrite-hint"]').click();
    await expect.poll(async () => kana.test((await reading.textContent()) ?? ""), { timeout: 15_000 }).toBe(true);
    const japanese = await storedReading(page, cards);
    expect(japanese.language).toBe("ja");
    expect(japanese.cards.map((card) => card.card_id)).toEqual(cards.map((card) => card.card_id));
    expect(await drawnCards(page)).toEqual(cards);
    expect(errors).toEqual([]);
    await context.close();
  });
});
