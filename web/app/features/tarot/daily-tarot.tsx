import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { useGmtToday } from "../../lib/use-clock";
import { buttonClassName } from "../../ui/button";
import { Card } from "../../ui/card";
import { LoadingLine } from "../../ui/loading-line";
import { useMember } from "../account/use-member";
import { AstrologyBanner } from "./astrology-banner";
import styles from "./tarot.module.css";
import { TarotTable } from "./tarot-table";

/** The /daily-tarot page's content: the day's sky for everyone, the cards for members. */
export function DailyTarot() {
  const t = useT();
  const member = useMember();
  const today = useGmtToday();
  return (
    <>
      <AstrologyBanner today={today} />
      {!member ? (
        <Card className={styles.visitor}>
          <h2 className={styles.sectionTitle}>{t("tarot.visitor.title")}</h2>
          <p className={styles.muted}>{t("tarot.visitor.text")}</p>
          <Link to="/auth?redirect=%2Fdaily-tarot" className={buttonClassName({})}>
            {t("tarot.visitor.signIn")}
          </Link>
        </Card>
      ) : today === null ? (
        <Card>
          <LoadingLine>{t("tarot.shuffling")}</LoadingLine>
        </Card>
      ) : (
        // Keyed by the date: at 00:00 GMT the table starts over with the new day's cards.
        <TarotTable key={today} today={today} />
      )}
    </>
  );
}
