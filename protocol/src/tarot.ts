import { z } from "zod";
import { hexSchema } from "./hex.js";
import { languages } from "./languages.js";
import { TAROT_DECK_SIZE, tarotNetworks, tarotPositions, tarotSuits } from "./tarot-deck.js";

/** Card ids are stable: 0–21 the major arcana, then 14 per suit (wands, cups, swords, pentacles), ace to king. */
export const tarotCardIdSchema = z
  .number()
  .int()
  .min(0)
  .max(TAROT_DECK_SIZE - 1);
/** Orientation as the API carries it: '1' reversed, '0' upright. */
export const reversedFlagSchema = z.enum(["1", "0"]);

export const drawnCardSchema = z.object({
  position: z.enum(tarotPositions),
  card_id: tarotCardIdSchema,
  is_reversed: reversedFlagSchema,
  name: z.string(),
  suit: z.enum(tarotSuits),
  /** 0–21 in the major arcana; 1 (ace) to 14 (king) in a suit. */
  number: z.number().int(),
  keywords: z.array(z.string()),
  /** The meaning for the card's orientation. */
  meaning: z.string(),
});
export type DrawnCard = z.infer<typeof drawnCardSchema>;

/** `GET /tarot/draw`: today's three cards, fixed per member per GMT day. */
export const tarotDrawSchema = z.object({
  date: z.string(),
  cards: z.array(drawnCardSchema),
  /** What `Daily.recordTarot` takes to record this draw: see `tarotDigestMessage`. */
  digest: hexSchema,
});
export type TarotDraw = z.infer<typeof tarotDrawSchema>;

export const tarotDailyRequestSchema = z.object({
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "language is a language tag such as 'en'")
    .default("en"),
  cards: z
    .array(z.object({ card_id: tarotCardIdSchema, is_reversed: reversedFlagSchema }))
    .length(3, "send today's three cards: past, present, future"),
  force_refresh: z.boolean().default(false),
});
export type TarotDailyRequest = z.input<typeof tarotDailyRequestSchema>;

export const pastTarotReadingQuerySchema = z.object({ date: z.string().describe("YYYY-MM-DD") });

/**
 * Languages readings are written in (every language Arcana speaks); a request in any other is
 * answered in English, with a note saying so. A tag is matched to its language (`ko-KR` → `ko`).
 */
export const tarotLanguages = languages;

export const tarotReadingSchema = z.object({
  date: z.string(),
  /** The language the reading is written in. */
  language: z.enum(tarotLanguages),
  /** Set when the requested language is not available and the reading fell back to English. */
  language_note: z.string().nullable(),
  cards: z.array(drawnCardSchema),
  content: z.string(),
  /** `arcana`: the built-in writer; `model`: the configured language model. */
  written_by: z.enum(["arcana", "model"]),
});
export type TarotReading = z.infer<typeof tarotReadingSchema>;

/** `network` of `GET /blockchain/tarot` (`tarotNetworks`). */
export const tarotNetworkSchema = z.enum(tarotNetworks);

export const chainTarotQuerySchema = z.object({ network: tarotNetworkSchema.default("op") });

export const chainTarotSchema = z.object({
  /** Today's reading, or '' before the member asked for one. */
  content: z.string(),
  /** Whether the member recorded today's draw on that network. */
  is_tarot: z.boolean(),
});
export type ChainTarot = z.infer<typeof chainTarotSchema>;

export const tarotRecordResultSchema = z.object({
  /** False when today's tarot points were already credited: nothing changed. */
  credited: z.boolean(),
  date: z.string(),
  points: z.number().int(),
});
export type TarotRecordResult = z.infer<typeof tarotRecordResultSchema>;

/** `GET /astrology/today`: the day's sky at 12:00 GMT, for the tarot page's banner. */
export const astrologyTodaySchema = z.object({
  date: z.string(),
  /** Tropical zodiac sign of the sun, e.g. "Capricorn". */
  sun_sign: z.string(),
  moon_phase_name: z.string(),
  /** Lit fraction of the moon's disc, 0–1. */
  moon_illumination: z.number(),
  /** Moon's ecliptic longitude minus the sun's, 0–360 degrees: 0 new, 90 first quarter, 180 full, 270 last quarter. */
  moon_phase_angle: z.number(),
});
export type AstrologyToday = z.infer<typeof astrologyTodaySchema>;
