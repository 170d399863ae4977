import type { DrawnCard, TarotPosition } from "@arcana/protocol";
import { useEffect, useRef } from "react";
import { type Translate, useT } from "../../i18n/use-t";
import { Sigil, type SigilName } from "../../ui/sigil";
import styles from "./tarot-card.module.css";

/** A position's name: "Past", "Present", "Future". */
export function positionName(position: TarotPosition, t: Translate): string {
  return t("tarot.position", { position });
}

const suitSigils: Record<DrawnCard["suit"], SigilName> = {
  major: "eye",
  wands: "quill",
  cups: "moon",
  swords: "key",
  pentacles: "star",
};

const romanNumerals = [
  "0",
  "I",
  "II",
  "III",
  "IV",
  "V",
  "VI",
  "VII",
  "VIII",
  "IX",
  "X",
  "XI",
  "XII",
  "XIII",
  "XIV",
  "XV",
  "XVI",
  "XVII",
  "XVIII",
  "XIX",
  "XX",
  "XXI",
];

/** "XVI" for a major arcanum, "Cups" (in the page's language) for a suit card: the card's corner mark. */
export function cardMark(card: Pick<DrawnCard, "suit" | "number">, t: Translate): string {
  if (card.suit === "major") return romanNumerals[card.number] ?? String(card.number);
  return t("tarot.suit", { suit: card.suit });
}

/** "Upright" or "Reversed". */
export function orientationName(card: Pick<DrawnCard, "is_reversed">, t: Translate): string {
  return t("tarot.orientation", { orientation: card.is_reversed === "1" ? "reversed" : "upright" });
}

/**
 * One card of the draw: face down it is a button that turns it over; face up it shows the card.
 * Turning is animated (a 3D flip) unless the member prefers reduced motion; focus then moves to
 * the card's face so a screen reader announces what was drawn.
 */
export function TarotCard({
  position,
  card,
  revealed,
  onReveal,
  focusOnReveal,
}: {
  position: TarotPosition;
  card: DrawnCard;
  revealed: boolean;
  onReveal: () => void;
  /** True when the member just turned this card: the face takes focus. */
  focusOnReveal: boolean;
}) {
  const t = useT();
  const face = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (revealed && focusOnReveal) face.current?.focus();
  }, [revealed, focusOnReveal]);

  return (
    <div className={styles.cardSlot}>
      <p className={styles.position}>{positionName(position, t)}</p>
      <div className={styles.card} data-revealed={revealed || undefined} data-testid={`tarot-card-${position}`}>
        <div className={styles.cardInner}>
          <div className={`${styles.cardFace} ${styles.cardBack}`}>
            {!revealed && (
              <button type="button" className={styles.revealButton} onClick={onReveal}>
                <span className="visually-hidden">{t("tarot.reveal", { position })}</span>
              </button>
            )}
            <span className={styles.backSigil} aria-hidden="true">
              <Sigil name="eye" size={34} />
            </span>
          </div>
          <div
            ref={face}
            className={`${styles.cardFace} ${styles.cardFront}`}
            tabIndex={revealed ? -1 : undefined}
            aria-hidden={!revealed}
            data-reversed={card.is_reversed === "1" || undefined}
          >
            {revealed && (
              <>
                <span className={styles.cardMark} translate={card.suit === "major" ? "no" : undefined}>
                  {cardMark(card, t)}
                </span>
                <span className={styles.cardEmblem} aria-hidden="true">
                  <Sigil name={suitSigils[card.suit]} size={30} />
                </span>
                <span className={styles.cardName}>{card.name}</span>
                <span className={styles.cardOrientation}>{orientationName(card, t)}</span>
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
