import { tarotNetworkOfChain, tarotPositions } from "@arcana/protocol";
import { useState } from "react";
import { formatGmtDay } from "../../i18n/intl";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { LoadingLine } from "../../ui/loading-line";
import { useTargetNetwork } from "../../wallet-runtime/target-network";
import { ReadingText } from "./reading-text";
import { RecordOnChain } from "./record-on-chain";
import styles from "./tarot.module.css";
import { TarotCard } from "./tarot-card";
import { useChainTarot, useTarotDraw, useTodaysReading, useYesterdayReading } from "./use-tarot";

/**
 * The member's day at the tarot table: three face-down cards to turn, the reading once all are
 * turned, rewriting it, recording the draw on chain, and yesterday's reading.
 */
export function TarotTable({ today }: { today: string }) {
  const t = useT();
  const draw = useTarotDraw(today);
  const [target] = useTargetNetwork();
  // A reading already written today means the cards were turned earlier: show them face up.
  const chainTarot = useChainTarot(today, target ? tarotNetworkOfChain(target.id) : "op");
  const [turned, setTurned] = useState<ReadonlySet<number>>(new Set());
  const [lastTurned, setLastTurned] = useState<number | null>(null);
  const readBefore = (chainTarot.data?.content ?? "") !== "";
  const allTurned = readBefore || turned.size === tarotPositions.length;
  const { reading, rewrite } = useTodaysReading(today, draw.data, allTurned);

  if (draw.isPending || chainTarot.isPending) {
    return (
      <Card>
        <LoadingLine>{t("tarot.shuffling")}</LoadingLine>
      </Card>
    );
  }
  if (draw.isError) {
    return (
      <Card>
        <FormAlert>{errorMessage(draw.error, t)}</FormAlert>
        <Button variant="secondary" size="sm" onClick={() => void draw.refetch()}>
          {t("shell.tryAgain")}
        </Button>
      </Card>
    );
  }

  const cards = draw.data.cards;
  const turn = (index: number) => {
    setTurned((current) => new Set(current).add(index));
    setLastTurned(index);
  };

  return (
    <div className={styles.table}>
      <Card tone="glow" className={styles.drawCard} aria-labelledby="draw-title">
        <div className={styles.drawHead}>
          <h2 id="draw-title" className={styles.sectionTitle}>
            {t("tarot.cardsFor", { date: formatGmtDay(draw.data.date, t.language ?? "en", "long") })}
          </h2>
          <p className={styles.muted} aria-live="polite">
            {allTurned ? t("tarot.allTurned") : t("tarot.tapToTurn", { turned: turned.size, total: cards.length })}
          </p>
        </div>
        <ol className={styles.cards}>
          {cards.map((card, index) => (
            <li key={card.position}>
              <TarotCard
                position={card.position}
                card={card}
                revealed={allTurned || turned.has(index)}
                onReveal={() => turn(index)}
                focusOnReveal={lastTurned === index}
              />
            </li>
          ))}
        </ol>
      </Card>

      {allTurned && (
        <Card aria-labelledby="reading-title" className={styles.reading}>
          <div className={styles.readingHead}>
            <h2 id="reading-title" className={styles.sectionTitle}>
              {t("tarot.todaysReading")}
            </h2>
            {reading.data && (
              <Button
                variant="secondary"
                size="sm"
                loading={rewrite.isPending}
                onClick={() => rewrite.mutate()}
                aria-describedby="rewrite-hint"
              >
                {t("tarot.rewrite")}
              </Button>
            )}
          </div>
          {reading.data ? (
            <>
              <ReadingText reading={reading.data} />
              <p id="rewrite-hint" className={styles.fineprint}>
                {t("tarot.writtenBy", { writer: reading.data.written_by })}
              </p>
              {rewrite.isError && <FormAlert>{errorMessage(rewrite.error, t)}</FormAlert>}
            </>
          ) : reading.isError ? (
            <div className={styles.stack}>
              <FormAlert>{errorMessage(reading.error, t)}</FormAlert>
              <Button variant="secondary" size="sm" onClick={() => void reading.refetch()}>
                {t("shell.tryAgain")}
              </Button>
            </div>
          ) : (
            <LoadingLine>{t("tarot.readingCards")}</LoadingLine>
          )}
        </Card>
      )}

      {reading.data && (
        <Card>
          <RecordOnChain today={today} draw={draw.data} />
        </Card>
      )}

      <YesterdaysReading today={today} />
    </div>
  );
}

function YesterdaysReading({ today }: { today: string }) {
  const t = useT();
  const yesterday = useYesterdayReading(today);
  if (!yesterday.data) return null;
  return (
    <Card>
      <details className={styles.yesterday}>
        <summary>
          <span className={styles.sectionTitle}>{t("tarot.yesterday")}</span>
          <span className={styles.muted}>
            {yesterday.data.cards.map((card) => card.name).join(" · ")} (
            {formatGmtDay(yesterday.data.date, t.language ?? "en")})
          </span>
        </summary>
        <ReadingText reading={yesterday.data} />
      </details>
    </Card>
  );
}
