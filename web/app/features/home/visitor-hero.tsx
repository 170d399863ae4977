import { lazy, Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import { useT } from "../../i18n/use-t";
import { buttonClassName } from "../../ui/button";
import { Sigil } from "../../ui/sigil";
import styles from "./visitor-hero.module.css";

// Only an invite link's landing (`/?ref=CODE`) loads the invite line: the first load of `/` stays within its budget.
const InvitedNotice = lazy(() =>
  import("../referrals/invited-notice").then((module) => ({ default: module.InvitedNotice })),
);

/** The landing hero a visitor sees on `/`. */
export function VisitorHero() {
  const t = useT();
  const [searchParams] = useSearchParams();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>{t("home.hero.eyebrow")}</p>
        <h1 id="hero-title" className={styles.title}>
          {t("home.hero.title")}
        </h1>
        <p className={styles.lead}>{t("home.hero.lead")}</p>
        {searchParams.has("ref") && (
          <Suspense fallback={null}>
            <InvitedNotice messageId="home.invitedBy" />
          </Suspense>
        )}
        <div className={styles.actions}>
          <Link to="/auth" className={buttonClassName({})}>
            {t("shell.signIn")}
          </Link>
          <Link to="/genesis-pass" className={buttonClassName({ variant: "secondary" })}>
            {t("home.hero.aboutPass")}
          </Link>
        </div>
      </div>
      <div className={styles.spread} aria-hidden="true">
        <span className={styles.card}>
          <Sigil name="moon" size={40} />
        </span>
        <span className={styles.card}>
          <Sigil name="eye" size={40} />
        </span>
        <span className={styles.card}>
          <Sigil name="star" size={40} />
        </span>
      </div>
    </section>
  );
}
