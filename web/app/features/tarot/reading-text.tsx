import type { TarotReading } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import styles from "./tarot.module.css";
import { positionName } from "./tarot-card";

/** A reading's prose, paragraph by paragraph, then each card's meaning in its position. */
export function ReadingText({ reading }: { reading: TarotReading }) {
  const t = useT();
  const paragraphs = reading.content.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== "");
  return (
    <div className={styles.readingText}>
      {reading.language_note && <p className={styles.note}>{reading.language_note}</p>}
      <div className={styles.prose} data-testid="tarot-reading-text">
        {paragraphs.map((paragraph, index) => (
          // Paragraphs have no identity of their own; the text only changes as a whole.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <dl className={styles.meanings}>
        {reading.cards.map((card) => (
          <div key={card.position} className={styles.meaning}>
            <dt>
              <span className={styles.meaningPosition}>{positionName(card.position, t)}</span>{" "}
              {t("tarot.cardOrientation", {
                card: card.name,
                orientation: card.is_reversed === "1" ? "reversed" : "upright",
              })}
            </dt>
            <dd>
              {card.meaning}
              {card.keywords.length > 0 && <span className={styles.keywords}>{card.keywords.join(" · ")}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
