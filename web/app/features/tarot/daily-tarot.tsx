import { Link } from "react-router";
import { useGmtToday } from "../../lib/use-clock";
import { buttonClassName } from "../../ui/button";
import { Card } from "../../ui/card";
import { Spinner } from "../../ui/spinner";
import { useMember } from "../account/use-member";
import { AstrologyBanner } from "./astrology-banner";
import styles from "./tarot.module.css";
import { TarotTable } from "./tarot-table";

/** The /daily-tarot page's content: the day's sky for everyone, the cards for members. */
export function DailyTarot() {
  const member = useMember();
  const today = useGmtToday();
  return (
    <>
      <AstrologyBanner today={today} />
      {!member ? (
        <Card className={styles.visitor}>
          <h2 className={styles.sectionTitle}>Your three cards are waiting</h2>
          <p className={styles.muted}>
            Sign in to turn over today's past, present and future, read what they say, and record the draw on chain for
            points.
          </p>
          <Link to="/auth?redirect=%2Fdaily-tarot" className={buttonClassName({})}>
            Sign in to draw
          </Link>
        </Card>
      ) : today === null ? (
        <Card>
          <p className={styles.loading} aria-busy="true">
            <Spinner /> Shuffling the deck…
          </p>
        </Card>
      ) : (
        // Keyed by the date: at 00:00 GMT the table starts over with the new day's cards.
        <TarotTable key={today} today={today} />
      )}
    </>
  );
}
