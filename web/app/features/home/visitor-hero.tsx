import { Link } from "react-router";
import { buttonClassName } from "../../ui/button";
import { Sigil } from "../../ui/sigil";
import styles from "./visitor-hero.module.css";

/** The landing hero a visitor sees on `/`. */
export function VisitorHero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>Wallet-bound loyalty</p>
        <h1 id="hero-title" className={styles.title}>
          Arcana
        </h1>
        <p className={styles.lead}>
          Hold the Genesis Pass, keep your streak and let the cards speak. Sign in with your e-mail, bind a wallet, and
          earn points every day you return.
        </p>
        <div className={styles.actions}>
          <Link to="/auth" className={buttonClassName({})}>
            Sign in
          </Link>
          <Link to="/genesis-pass" className={buttonClassName({ variant: "secondary" })}>
            About the Genesis Pass
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
