import { tarotNetworkOfChain, tarotPositions } from "@arcana/protocol";
import { useState } from "react";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
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
        <p className={styles.loading} aria-busy="true">
          <Spinner /> Shuffling the deck…
        </p>
      </Card>
    );
  }
  if (draw.isError) {
    return (
      <Card>
        <FormAlert>{errorMessage(draw.error, t)}</FormAlert>
        <Button variant="secondary" size="sm" onClick={() => void draw.refetch()}>
          Try again
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
            Your cards for {draw.data.date}
          </h2>
          <p className={styles.muted} aria-live="polite">
            {allTurned
              ? "Past, present and future, as the deck gave them to you today."
              : `Tap each card to turn it over (${turned.size} of ${cards.length} turned).`}
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
              Today's reading
            </h2>
            {reading.data && (
              <Button
                variant="secondary"
                size="sm"
                loading={rewrite.isPending}
                onClick={() => rewrite.mutate()}
                aria-describedby="rewrite-hint"
              >
                Rewrite reading
              </Button>
            )}
          </div>
          {reading.data ? (
            <>
              <ReadingText reading={reading.data} />
              <p id="rewrite-hint" className={styles.fineprint}>
                {reading.data.written_by === "model" ? "Written by our language model. " : "Written by Arcana. "}
                Rewriting gives the same cards a fresh text; the cards stay until 00:00 GMT.
              </p>
              {rewrite.isError && <FormAlert>{errorMessage(rewrite.error, t)}</FormAlert>}
            </>
          ) : reading.isError ? (
            <div className={styles.stack}>
              <FormAlert>{errorMessage(reading.error, t)}</FormAlert>
              <Button variant="secondary" size="sm" onClick={() => void reading.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <p className={styles.loading} aria-busy="true">
              <Spinner /> Reading your cards…
            </p>
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
  const yesterday = useYesterdayReading(today);
  if (!yesterday.data) return null;
  return (
    <Card>
      <details className={styles.yesterday}>
        <summary>
          <span className={styles.sectionTitle}>Yesterday's reading</span>
          <span className={styles.muted}>
            {yesterday.data.cards.map((card) => card.name).join(" · ")} ({yesterday.data.date})
          </span>
        </summary>
        <ReadingText reading={yesterday.data} />
      </details>
    </Card>
  );
}
