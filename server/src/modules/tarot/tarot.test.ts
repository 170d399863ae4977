import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  getChainTarotRoute,
  getPastTarotReadingRoute,
  getTarotDrawRoute,
  readTarotRoute,
  type TarotDailyRequest,
  type TarotDraw,
  type TarotReading,
} from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, dataOf, errorCode } from "../../test/api-client.js";
import { createTestApp, testClock } from "../../test/app.js";
import { signUpMember } from "../../test/members.js";
import { tarotPacks } from "./deck/index.js";

const clock = testClock(new Date("2026-11-22T12:00:00.000Z"));
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.dispose());

type Member = Awaited<ReturnType<typeof signUpMember>>;

async function drawOf(app: typeof t.app, member: Member): Promise<TarotDraw> {
  const res = await apiClient(app).call(getTarotDrawRoute, { auth: member.auth });
  expect(res.status).toBe(200);
  return dataOf(getTarotDrawRoute, res);
}

function asRequest(draw: TarotDraw) {
  return draw.cards.map(({ card_id, is_reversed }) => ({ card_id, is_reversed }));
}

/** Today's reading (a refusal throws), with the answer's status. */
async function read(app: typeof t.app, member: Member, body: TarotDailyRequest) {
  const res = await apiClient(app).call(readTarotRoute, { body, auth: member.auth });
  return { status: res.status, data: await dataOf(readTarotRoute, res) };
}

/** A reading request the server refuses (some the schema forbids as well): the status and error code. */
async function refusal(member: Member, body: unknown) {
  const res = await apiClient(t.app).unchecked(readTarotRoute, { body, auth: member.auth });
  return { status: res.status, code: await errorCode(res) };
}

describe("GET /tarot/draw", () => {
  it("gives today's three cards, the same on every call that GMT day, and new ones the next day", async () => {
    const member = await signUpMember(t, "draw@example.com");
    const first = await drawOf(t.app, member);
    expect(first.date).toBe("2026-11-22");
    expect(first.cards.map((card) => card.position)).toEqual(["past", "present", "future"]);
    expect(first.cards[0]).toMatchObject({ name: expect.any(String), meaning: expect.any(String) });
    expect(first.digest).toMatch(/^0x[0-9a-f]{64}$/);
    clock.advance(11 * 3_600_000); // 23:00 GMT, same day
    expect(await drawOf(t.app, member)).toEqual(first);
    clock.advance(2 * 3_600_000); // 01:00 GMT the next day
    const tomorrow = await drawOf(t.app, member);
    expect(tomorrow.date).toBe("2026-11-23");
    expect(tomorrow.digest).not.toBe(first.digest);
    clock.advance(-13 * 3_600_000);
  });

  it("differs between members", async () => {
    const a = await drawOf(t.app, await signUpMember(t, "draw-a@example.com"));
    const b = await drawOf(t.app, await signUpMember(t, "draw-b@example.com"));
    expect(a.digest).not.toBe(b.digest);
  });

  it("answers in the request's language: the same cards and digest, their texts in Korean or Japanese", async () => {
    const member = await signUpMember(t, "draw-lang@example.com");
    const english = await drawOf(t.app, member);
    const draw = async (headers: Record<string, string>) =>
      apiClient(t.app).data(getTarotDrawRoute, { auth: { ...member.auth, ...headers } });
    const korean = await draw({ "accept-language": "ko-KR,ko;q=0.9" });
    const japanese = await draw({ cookie: "arcana_lang=ja" });
    for (const other of [korean, japanese]) {
      expect(other.digest).toBe(english.digest);
      expect(other.cards.map((card) => card.card_id)).toEqual(english.cards.map((card) => card.card_id));
    }
    expect(korean.cards.map((card) => card.name)).toEqual(
      english.cards.map((card) => tarotPacks.ko?.cards[card.card_id]?.name),
    );
    expect(japanese.cards.map((card) => card.name)).toEqual(
      english.cards.map((card) => tarotPacks.ja?.cards[card.card_id]?.name),
    );
    expect(korean.cards[0]?.name).not.toBe(english.cards[0]?.name);
  });

  it("needs a session", async () => {
    expect((await apiClient(t.app).call(getTarotDrawRoute)).status).toBe(401);
  });
});

describe("POST /tarot/daily", () => {
  it("reads today's draw, stores it, and answers the same reading afterwards", async () => {
    const member = await signUpMember(t, "reading@example.com");
    const draw = await drawOf(t.app, member);
    const first = await read(t.app, member, { language: "en", cards: asRequest(draw), force_refresh: false });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      date: "2026-11-22",
      language: "en",
      language_note: null,
      written_by: "arcana",
    });
    expect(first.data.cards).toEqual(draw.cards);
    for (const card of draw.cards) expect(first.data.content).toContain(card.name);
    const again = await read(t.app, member, { language: "en", cards: asRequest(draw), force_refresh: false });
    expect(again.data.content).toBe(first.data.content);

    const onChain = await apiClient(t.app).data(getChainTarotRoute, { query: { network: "op" }, auth: member.auth });
    expect(onChain).toEqual({
      content: first.data.content,
      is_tarot: false,
    });
  });

  it("rewrites the text on force_refresh but never the cards", async () => {
    const member = await signUpMember(t, "refresh@example.com");
    const draw = await drawOf(t.app, member);
    const first = await read(t.app, member, { language: "en", cards: asRequest(draw), force_refresh: false });
    const refreshed = await read(t.app, member, { language: "en", cards: asRequest(draw), force_refresh: true });
    expect(refreshed.status).toBe(200);
    expect(refreshed.data.content).not.toBe(first.data.content);
    expect(refreshed.data.cards).toEqual(first.data.cards);
    expect((await drawOf(t.app, member)).cards).toEqual(draw.cards);
    const stored = await read(t.app, member, { language: "en", cards: asRequest(draw), force_refresh: false });
    expect(stored.data.content).toBe(refreshed.data.content);
  });

  it("refuses cards that are not today's draw: a member cannot choose cards", async () => {
    const member = await signUpMember(t, "cheat@example.com");
    const cards = asRequest(await drawOf(t.app, member));
    const flipped = cards.map((card, index) =>
      index === 0 ? { ...card, is_reversed: card.is_reversed === "1" ? "0" : "1" } : card,
    );
    const swapped = [cards[1], cards[0], cards[2]];
    const other = cards.map((card) => ({ ...card, card_id: (card.card_id + 1) % 78 }));
    for (const wrong of [flipped, swapped, other, cards.slice(0, 2)]) {
      const { status, code } = await refusal(member, { language: "en", cards: wrong, force_refresh: false });
      expect(status).toBe(400);
      expect(code).toBe("bad_request");
    }
    expect((await refusal(member, { language: "en", cards: [{ card_id: 99, is_reversed: "0" }] })).status).toBe(400);
  });

  it("answers other languages in English and says so", async () => {
    const member = await signUpMember(t, "bonjour@example.com");
    const draw = await drawOf(t.app, member);
    const { status, data } = await read(t.app, member, {
      language: "fr",
      cards: asRequest(draw),
      force_refresh: false,
    });
    expect(status).toBe(200);
    expect(data.language).toBe("en");
    expect(data.language_note).toMatch(/"fr" are not available yet/);
    const garbage = await refusal(member, { language: "<script>", cards: asRequest(draw) });
    expect(garbage.status).toBe(400);
  });

  it("reads a stored reading in the reader's current language, without a rewrite, with the same cards", async () => {
    const member = await signUpMember(t, "hangul@example.com");
    const draw = await drawOf(t.app, member);
    const korean = await read(t.app, member, { language: "ko", cards: asRequest(draw) });
    expect(korean.data).toMatchObject({ language: "ko", language_note: null, written_by: "arcana" });
    expect(korean.data.content).toMatch(/[가-힣]/);
    const switched = await read(t.app, member, { language: "ja", cards: asRequest(draw) });
    expect(switched.data).toMatchObject({ language: "ja", language_note: null, written_by: "arcana" });
    expect(switched.data.content).toMatch(/[\u3040-\u30ff]/);
    expect(switched.data.content).not.toMatch(/[가-힣]/);
    expect(switched.data.cards.map((card) => card.card_id)).toEqual(korean.data.cards.map((card) => card.card_id));
    // Back in Korean, the very same reading: the phrasing is part of what is stored, not the words.
    expect((await read(t.app, member, { language: "ko", cards: asRequest(draw) })).data.content).toBe(
      korean.data.content,
    );
    const japanese = await read(t.app, member, { language: "ja-JP", cards: asRequest(draw), force_refresh: true });
    expect(japanese.data).toMatchObject({ language: "ja", language_note: null });
    expect(japanese.data.content).toMatch(/[\u3040-\u30ff]/);
    expect(japanese.data.content).not.toMatch(/[가-힣]/);
    const ids = (reading: TarotReading) => reading.cards.map((card) => [card.card_id, card.is_reversed]);
    expect(ids(japanese.data)).toEqual(ids(korean.data));
    expect(ids(japanese.data)).toEqual(draw.cards.map((card) => [card.card_id, card.is_reversed]));
    expect(japanese.data.cards[0]?.name).not.toBe(korean.data.cards[0]?.name);
  });

  it("matches a regional tag to its language without a note", async () => {
    const member = await signUpMember(t, "regional@example.com");
    const draw = await drawOf(t.app, member);
    const { data } = await read(t.app, member, { language: "en-GB", cards: asRequest(draw) });
    expect(data).toMatchObject({ language: "en", language_note: null });
  });

  it("keeps yesterday's reading for the page to show", async () => {
    const member = await signUpMember(t, "yesterday@example.com");
    const draw = await drawOf(t.app, member);
    const today = await read(t.app, member, { language: "en", cards: asRequest(draw), force_refresh: false });
    clock.advance(86_400_000);
    const api = apiClient(t.app);
    const yesterday = await api.data(getPastTarotReadingRoute, { query: { date: "2026-11-22" }, auth: member.auth });
    expect(yesterday?.content).toBe(today.data.content);
    const inTurkish = await api.data(getPastTarotReadingRoute, {
      query: { date: "2026-11-22" },
      auth: member.auth,
      extraHeaders: { "accept-language": "tr" },
    });
    expect(inTurkish).toMatchObject({ language: "tr", date: "2026-11-22" });
    expect(inTurkish?.cards.map((card) => card.card_id)).toEqual(today.data.cards.map((card) => card.card_id));
    expect(inTurkish?.content).not.toBe(today.data.content);
    const nothing = await api.data(getChainTarotRoute, { query: { network: "op" }, auth: member.auth });
    expect(nothing).toEqual({ content: "", is_tarot: false });
    clock.advance(-86_400_000);
    const none = await api.call(getPastTarotReadingRoute, { query: { date: "2026-11-21" }, auth: member.auth });
    expect(none.status).toBe(200);
    expect(await dataOf(getPastTarotReadingRoute, none)).toBeNull();
    expect(
      (await api.call(getPastTarotReadingRoute, { query: { date: "2026-02-30" }, auth: member.auth })).status,
    ).toBe(400);
  });

  it("refuses an unknown network name", async () => {
    const member = await signUpMember(t, "network@example.com");
    const res = await apiClient(t.app).unchecked(getChainTarotRoute, { query: { network: "eth" }, auth: member.auth });
    expect(res.status).toBe(400);
  });
});

describe("a configured language model", () => {
  let server: Server;
  let mode: "answer" | "hang" | "fail" = "answer";
  const received: Array<{ model: string; messages: Array<{ content: string }> }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      // No kept-alive sockets: an idle one closed by this server while the next test signs a member up
      // (Node closes them after 5 s) is the socket the app's next POST would be written to: "fetch failed".
      res.shouldKeepAlive = false;
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push(JSON.parse(body));
        if (mode === "hang") return; // never answers: the server's timeout must fire
        if (mode === "fail") {
          res.writeHead(500).end("{}");
          return;
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            choices: [{ message: { content: "The model's reading, long enough to count as a reading." } }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A short timeout makes the hanging model's test quick; tests where the model answers give it time on a busy machine. */
  async function appWithModel(timeoutMs = 300) {
    const { port } = server.address() as AddressInfo;
    return createTestApp({
      now: clock.now,
      env: {
        TAROT_LLM_URL: `http://127.0.0.1:${port}/v1`,
        TAROT_LLM_MODEL: "tarot-test",
        TAROT_LLM_TIMEOUT_MS: String(timeoutMs),
      },
    });
  }

  it("writes the reading from our card texts, and the built-in writer takes over on timeout or error", async () => {
    const withModel = await appWithModel();
    try {
      const member = await signUpMember(withModel, "model@example.com");
      const draw = await drawOf(withModel.app, member);
      const byModel = await read(withModel.app, member, { language: "en", cards: asRequest(draw) });
      expect(byModel.data).toMatchObject({
        written_by: "model",
        content: expect.stringContaining("model's reading"),
      });
      expect(received.at(-1)?.model).toBe("tarot-test");
      expect(received.at(-1)?.messages[1]?.content).toContain(draw.cards[0]?.meaning);
      // A reader of another language gets the built-in writer's reading in theirs, not the English text.
      const calls = received.length;
      const inJapanese = await read(withModel.app, member, { language: "ja", cards: asRequest(draw) });
      expect(inJapanese.data).toMatchObject({ language: "ja", written_by: "arcana" });
      expect(inJapanese.data.content).toMatch(/[\u3040-\u30ff]/);
      expect(received.length).toBe(calls);
      expect((await read(withModel.app, member, { language: "en", cards: asRequest(draw) })).data.content).toBe(
        byModel.data.content,
      );

      mode = "hang";
      const started = Date.now();
      const afterTimeout = await read(withModel.app, member, {
        language: "en",
        cards: asRequest(draw),
        force_refresh: true,
      });
      expect(afterTimeout.status).toBe(200);
      expect(afterTimeout.data.written_by).toBe("arcana");
      expect(Date.now() - started).toBeLessThan(5_000);

      mode = "fail";
      const afterError = await read(withModel.app, member, {
        language: "en",
        cards: asRequest(draw),
        force_refresh: true,
      });
      expect(afterError.data.written_by).toBe("arcana");
      expect(afterError.data.cards).toEqual(draw.cards);
    } finally {
      mode = "answer";
      await withModel.dispose();
    }
  }, 60_000);

  it("finding 10: writes at most 3 force_refresh rewrites a day with the model, then the built-in writer answers", async () => {
    const withModel = await appWithModel(30_000);
    try {
      const member = await signUpMember(withModel, "many-refreshes@example.com");
      const draw = await drawOf(withModel.app, member);
      const before = received.length;
      const writers: string[] = [];
      for (let i = 0; i < 6; i++) {
        const { data } = await read(withModel.app, member, {
          language: "en",
          cards: asRequest(draw),
          force_refresh: i > 0,
        });
        writers.push(data.written_by);
      }
      expect(writers).toEqual(["model", "model", "model", "model", "arcana", "arcana"]);
      expect(received.length - before).toBe(4);
    } finally {
      await withModel.dispose();
    }
  }, 60_000);
});
