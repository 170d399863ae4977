import {
  DAY_MS,
  type DrawnCard,
  gmtDate,
  gmtDayNumber,
  isLanguage,
  matchLanguage,
  parseGmtDate,
  type TarotDailyRequest,
  type TarotDraw,
  type TarotNetwork,
  type TarotReading,
  type TarotRecordResult,
  tarotNetworkOfChain,
} from "@arcana/protocol";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { ChainClients } from "../../chain/clients.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { ApiError } from "../../shared/errors.js";
import { createTarotCredits } from "./credit.js";
import { englishPack, type TarotLanguagePack, tarotPack, tarotPacks } from "./deck/index.js";
import { writeReadingWithModel } from "./model-writer.js";
import { type DrawnTarotCard, memberDraws, storedDraw, tarotDigest, toDrawnCard } from "./rules.js";
import { tarotReadings, tarotRecords } from "./schema.js";
import { writeReading } from "./writer.js";
export type TarotService = ReturnType<typeof createTarotService>;

/** `force_refresh` rewrites per member per day the language model writes; later ones are the built-in writer's. */
export const MODEL_REWRITES_PER_DAY = 3;

export function createTarotService(deps: {
  db: Database;
  config: Pick<Config, "tarotDrawSecret" | "tarotLlm" | "chains">;
  economy: Economy;
  logger: Logger;
  now: () => Date;
  chainClients: ChainClients;
  fetch?: typeof fetch;
}) {
  const { db, config, economy, logger, now, chainClients } = deps;
  const drawFor = memberDraws(config.tarotDrawSecret);

  async function write(date: string, cards: DrawnTarotCard[], revision: number, pack: TarotLanguagePack) {
    // The model is paid per call: the first reading and a few rewrites a day, then the built-in writer.
    if (config.tarotLlm && revision <= MODEL_REWRITES_PER_DAY) {
      try {
        return {
          content: await writeReadingWithModel(config.tarotLlm, date, cards, pack, deps.fetch),
          writtenBy: "model" as const,
        };
      } catch (error) {
        logger.warn({ err: error }, "the tarot model failed; the built-in writer takes over");
      }
    }
    return { content: writeReading(date, cards, revision, pack), writtenBy: "arcana" as const };
  }

  /**
   * A stored reading in the reader's language (`pack`): the row keeps the language-independent result (the
   * cards and the built-in writer's phrasing, `revision`), so the cards' texts and the built-in writer's reading
   * are written anew in `pack`'s language. A model's text is kept in the language it was written in and shown
   * to a reader of that language; a reader of another one gets the built-in writer's reading in theirs.
   */
  function toReading(
    row: typeof tarotReadings.$inferSelect,
    pack: TarotLanguagePack,
    languageNote: string | null,
  ): TarotReading {
    const date = gmtDate(row.day * DAY_MS);
    const cards = storedDraw(row.cards as DrawnCard[]);
    const modelText = row.writtenBy === "model" && row.language === pack.language;
    return {
      date,
      language: isLanguage(pack.language) ? pack.language : "en",
      language_note: languageNote,
      cards: cards.map((drawn) => toDrawnCard(drawn, pack)),
      content: modelText ? row.content : writeReading(date, cards, row.revision, pack),
      written_by: modelText ? "model" : "arcana",
    };
  }
  const credits = createTarotCredits({ db, config, economy, logger, now, drawFor, chainClients });

  return {
    ...credits,

    /** `GET /tarot/draw`: today's three cards (their texts in `language`) and the digest to record them on chain. */
    draw(userId: string, language?: string): TarotDraw {
      const today = gmtDayNumber(now());
      const date = gmtDate(today * DAY_MS);
      const cards = drawFor(userId, today);
      const asked = matchLanguage(language);
      const pack = (asked && tarotPack(asked)) || undefined;
      return { date, cards: cards.map((drawn) => toDrawnCard(drawn, pack)), digest: tarotDigest(date, cards) };
    },

    /** `POST /tarot/daily`: today's reading of today's draw; written once, rewritten on `force_refresh`. */
    async dailyReading(userId: string, request: Required<TarotDailyRequest>): Promise<TarotReading> {
      const today = gmtDayNumber(now());
      const date = gmtDate(today * DAY_MS);
      const cards = drawFor(userId, today);
      const matches = cards.every((drawn, index) => {
        const sent = request.cards[index];
        return sent?.card_id === drawn.card.id && sent.is_reversed === (drawn.reversed ? "1" : "0");
      });
      if (!matches) {
        throw new ApiError("bad_request", "These are not today's cards. Draw again to see your three cards for today.");
      }
      const asked = matchLanguage(request.language);
      const pack = (asked && tarotPack(asked)) || tarotPacks.en;
      if (!pack) throw new Error("the tarot deck has no English texts");
      const languageNote =
        pack.language === asked
          ? null
          : `Readings in "${request.language}" are not available yet, so this one is in English.`;

      const [existing] = await db
        .select()
        .from(tarotReadings)
        .where(and(eq(tarotReadings.userId, userId), eq(tarotReadings.day, today)));
      if (existing && !request.force_refresh) return toReading(existing, pack, languageNote);

      const at = now();
      // Each rewrite takes its own revision number first, so concurrent refreshes count one by one.
      const [reserved] = existing
        ? await db
            .update(tarotReadings)
            .set({ revision: sql`${tarotReadings.revision} + 1` })
            .where(and(eq(tarotReadings.userId, userId), eq(tarotReadings.day, today)))
            .returning({ revision: tarotReadings.revision })
        : [];
      const revision = reserved?.revision ?? 0;
      // A rewrite may change the reading's language (its card texts too), never its cards.
      const written = await write(date, cards, revision, pack);
      const values = {
        userId,
        day: today,
        language: pack.language,
        cards: cards.map((drawn) => toDrawnCard(drawn, pack)),
        content: written.content,
        writtenBy: written.writtenBy,
        revision,
        createdAt: at,
        updatedAt: at,
      };
      const [stored] = existing
        ? await db
            .update(tarotReadings)
            .set({
              language: values.language,
              cards: values.cards,
              content: values.content,
              writtenBy: values.writtenBy,
              updatedAt: at,
            })
            .where(
              and(eq(tarotReadings.userId, userId), eq(tarotReadings.day, today), eq(tarotReadings.revision, revision)),
            )
            .returning()
        : await db.insert(tarotReadings).values(values).onConflictDoNothing().returning();
      if (stored) return toReading(stored, pack, languageNote);
      // A simultaneous first request stored its reading first, or a later rewrite took over: that one is shown.
      const [winner] = await db
        .select()
        .from(tarotReadings)
        .where(and(eq(tarotReadings.userId, userId), eq(tarotReadings.day, today)));
      if (!winner) throw new Error("tarot reading vanished");
      return toReading(winner, pack, languageNote);
    },

    /** A stored reading of an earlier day (the page shows yesterday's) in `language` (English without one), or null. */
    async readingOn(userId: string, date: string, language?: string): Promise<TarotReading | null> {
      const midnight = parseGmtDate(date);
      if (!midnight) throw new ApiError("bad_request", "date must be a calendar date written YYYY-MM-DD.");
      const day = gmtDayNumber(midnight);
      const [row] = await db
        .select()
        .from(tarotReadings)
        .where(and(eq(tarotReadings.userId, userId), eq(tarotReadings.day, day)));
      const asked = matchLanguage(language);
      return row ? toReading(row, (asked && tarotPack(asked)) || englishPack, null) : null;
    },

    /** `GET /blockchain/tarot`: today's reading text and whether today's draw is recorded on that network. */
    async chainTarot(userId: string, network: TarotNetwork) {
      const today = gmtDayNumber(now());
      const chainIds = config.chains.map((chain) => chain.id).filter((id) => tarotNetworkOfChain(id) === network);
      const [reading] = await db
        .select({ content: tarotReadings.content })
        .from(tarotReadings)
        .where(and(eq(tarotReadings.userId, userId), eq(tarotReadings.day, today)));
      const [recorded] =
        chainIds.length === 0
          ? []
          : await db
              .select({ one: sql<number>`1` })
              .from(tarotRecords)
              .where(
                and(
                  eq(tarotRecords.userId, userId),
                  eq(tarotRecords.day, today),
                  inArray(tarotRecords.chainId, chainIds),
                ),
              )
              .limit(1);
      return { content: reading?.content ?? "", is_tarot: recorded !== undefined };
    },

    /** The fast path: verifies the member's own `recordTarot` transaction and credits it now. */
    async creditSubmittedTarot(
      ...submitted: Parameters<typeof credits.pipeline.creditSubmitted>
    ): Promise<TarotRecordResult> {
      const credit = await credits.pipeline.creditSubmitted(...submitted);
      return { credited: credit.credited, date: gmtDate(credit.day * DAY_MS), points: credit.points };
    },
  };
}
