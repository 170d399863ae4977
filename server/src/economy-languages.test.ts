import {
  type ApiRoute,
  consumeTasksRoute,
  getBoxMarketRoute,
  getLootboxSummaryRoute,
  setMyLanguageRoute,
} from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { parseEconomy, textsIn } from "./economy.js";
import { apiClient } from "./test/api-client.js";
import { createTestApp, unlimitedLimiter } from "./test/app.js";
import { signUpMember } from "./test/members.js";

// The shipped economy (config/economy.json) names its boxes and tasks in every language (docs/languages.md).
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ limiter: unlimitedLimiter() });
});
afterAll(() => t.dispose());

const api = () => apiClient(t.app);
/** A call's `data`, checked against its route's answer, with headers the route's input does not declare. */
async function dataWith<Schema extends z.ZodType>(
  route: ApiRoute & { response: Schema },
  headers: Record<string, string>,
): Promise<z.output<Schema>> {
  const answer = await api().unchecked(route, { headers });
  expect(answer.status).toBe(200);
  return route.response.parse(((await answer.json()) as { data: unknown }).data);
}
const starBox = async (headers: Record<string, string>) =>
  (await dataWith(getBoxMarketRoute, headers)).find((box) => box.id === "star");
const bindWalletTask = async (auth: Record<string, string>, headers: Record<string, string> = {}) =>
  (await dataWith(consumeTasksRoute, { ...auth, ...headers })).tasks.find((task) => task.id === "bind_wallet");

describe("box names and task titles in the member's language", () => {
  it("the market names and describes each box in the language asked for, in English for one not offered", async () => {
    expect(await starBox({ "accept-language": "zh-CN" })).toMatchObject({
      name: "星辰宝箱",
      description: "每天都能开的小宝箱：大多是积分，偶尔开出月亮宝箱。",
    });
    expect(await starBox({ "accept-language": "ko-KR,ko;q=0.9" })).toMatchObject({ name: "별 상자" });
    expect(await starBox({ "accept-language": "xx" })).toMatchObject({
      name: "Star Box",
      description: "A small box for every day: mostly points, sometimes a Moon Box.",
    });
    // The switcher's cookie wins over the browser's header, as for pages.
    expect(await starBox({ "accept-language": "zh-CN", cookie: "arcana_lang=ja" })).toMatchObject({
      name: "スターボックス",
    });
    const answer = await api().unchecked(getBoxMarketRoute, { headers: { "accept-language": "zh-CN" } });
    expect(answer.headers.get("vary")).toMatch(/Accept-Language/);
  });

  it("a task's title comes back in zh-CN when asked in zh-CN, in English for an unknown language", async () => {
    const member = await signUpMember(t, "task-titles@example.com");
    expect((await bindWalletTask(member.auth, { "accept-language": "zh-CN" }))?.title).toBe("绑定钱包");
    expect((await bindWalletTask(member.auth, { "accept-language": "xx-YY" }))?.title).toBe("Bind a wallet");
    expect((await bindWalletTask(member.auth))?.title).toBe("Bind a wallet");
  });

  it("a member's account language names their boxes and tasks when the request names none", async () => {
    const member = await signUpMember(t, "account-language@example.com");
    await api().data(setMyLanguageRoute, { auth: member.auth, body: { language: "vi" } });
    expect((await bindWalletTask(member.auth))?.title).toBe("Liên kết ví");
    const summary = await api().data(getLootboxSummaryRoute, { auth: member.auth });
    expect(summary.unopened).toEqual([]);
    expect(await starBox(member.auth)).toMatchObject({ name: "Hộp Ngôi Sao" });
  });
});

describe("the economy file's translations", () => {
  const base = {
    checkIn: { basePoints: 10, streakBonuses: [] },
    tarot: { points: 10 },
    staking: { pointsPerPassPerDay: 100, minStakeSeconds: 0 },
  };
  const box = {
    id: "moon",
    name: "Moon Box",
    description: "Points.",
    price: 50,
    supply: null,
    perMemberLimit: null,
    rewards: [{ kind: "allowlist", weight: 1 }],
  };

  it("takes a language's own text where it has one and English for the rest", () => {
    const economy = parseEconomy({ ...base, boxes: [{ ...box, i18n: { ko: { name: "달 상자" } } }] });
    const moon = economy.boxes[0];
    if (!moon) throw new Error("no box");
    const english = { name: moon.name, description: moon.description };
    expect(textsIn(english, moon.i18n, "ko")).toEqual({ name: "달 상자", description: "Points." });
    expect(textsIn(english, moon.i18n, "ja")).toEqual(english);
  });

  it("refuses a language the product does not offer, English itself, an empty text and an unknown field", () => {
    const problems = (i18n: unknown) => {
      try {
        parseEconomy({ ...base, boxes: [{ ...box, i18n }] }, "/srv/economy.json");
        return [];
      } catch (error) {
        return (error as Error).message.split("\n");
      }
    };
    expect(problems({ fr: { name: "Boîte Lune" } })).toEqual(['economy.json: boxes[0].i18n: unknown setting "fr"']);
    expect(problems({ en: { name: "Moon" } })).toEqual(['economy.json: boxes[0].i18n: unknown setting "en"']);
    expect(problems({ ko: { name: "" } })).toEqual(["economy.json: boxes[0].i18n.ko.name: must not be empty"]);
    expect(problems({ ko: { title: "달" } })).toEqual(['economy.json: boxes[0].i18n.ko: unknown setting "title"']);
  });
});
