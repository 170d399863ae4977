import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { buttonClassName } from "../../ui/button";
import { Sigil } from "../../ui/sigil";
import styles from "./visitor-hero.module.css";

/** The landing hero a visitor sees on `/`. */
export function VisitorHero() {
  const t = useT();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>{t("home.hero.eyebrow")}</p>
        <h1 id="hero-title" className={styles.title}>
          {t("home.hero.title")}
        </h1>
        <p className={styles.lead}>{t("home.hero.lead")}</p>
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
