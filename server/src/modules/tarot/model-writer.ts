import type { Config } from "../../config.js";
import type { TarotLanguagePack } from "./deck/index.js";
import type { DrawnTarotCard } from "./rules.js";

export type TarotModel = NonNullable<Config["tarotLlm"]>;

/**
 * The prompt gives the model our own card texts in the reading's language, so its reading stays
 * grounded in Arcana's deck and is written in that language.
 */
function prompt(date: string, cards: DrawnTarotCard[], pack: TarotLanguagePack): string {
  const lines = cards.map(({ position, card, reversed }) => {
    const texts = pack.cards[card.id] ?? card;
    const meaning = reversed ? texts.reversed : texts.upright;
    return `- ${position} (${pack.positions[position]}): ${texts.name}${reversed ? " (reversed)" : ""}. Keywords: ${texts.keywords.join(", ")}. Meaning: ${meaning}`;
  });
  return [
    `Write a daily tarot reading in ${pack.englishName} (language tag ${pack.language}) for ${date}. Write every word in ${pack.englishName}, using the card names given.`,
    "The spread is past, present, future:",
    ...lines,
    "Write 4 to 5 short paragraphs of plain prose (no headings, no lists, no markdown): an introduction, one paragraph per card in order, and a closing synthesis.",
  ].join("\n");
}

/**
 * Asks an OpenAI-compatible chat completions endpoint to write the reading. Throws on any
 * failure (HTTP error, timeout, empty answer) so the caller falls back to the built-in writer.
 */
export async function writeReadingWithModel(
  model: TarotModel,
  date: string,
  cards: DrawnTarotCard[],
  pack: TarotLanguagePack,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const response = await fetchImpl(`${model.url.replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(model.key ? { authorization: `Bearer ${model.key}` } : {}),
    },
    body: JSON.stringify({
      model: model.model,
      temperature: 0.8,
      messages: [
        {
          role: "system",
          content: "You are a warm, thoughtful tarot reader. You never predict death, illness or disaster.",
        },
        { role: "user", content: prompt(date, cards, pack) },
      ],
    }),
    signal: AbortSignal.timeout(model.timeoutMs),
  });
  if (!response.ok) throw new Error(`the model answered HTTP ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== "string" || content.trim().length < 40) throw new Error("the model gave no reading");
  return content.trim();
}
