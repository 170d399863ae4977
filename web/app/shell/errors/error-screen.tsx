import type { Translate } from "../../i18n/use-t";
import { buttonClassName } from "../../ui/button";
import { Logo } from "../../ui/logo";
import styles from "./error-screen.module.css";

export interface ErrorScreenProps {
  status: number;
  title: string;
  message: string;
  /** Developer detail (a stack trace); the caller passes it only in development builds. */
  detail?: string | undefined;
  /** The page's translator (the root's error boundary passes English's when it has no messages). */
  t: Translate;
}

/**
 * A full page of its own: the root error boundary replaces every layout. The home link is a
 * plain anchor so it still works when the client bundle is what failed.
 */
export function ErrorScreen({ status, title, message, detail, t }: ErrorScreenProps) {
  return (
    <main id="main" className={styles.screen}>
      <title>{t("shell.errorTitle", { title })}</title>
      <a href="/" className={styles.brand} aria-label={t("shell.homeLink")}>
        <Logo />
      </a>
      <div className={styles.card}>
        <p className={styles.status} aria-hidden="true">
          {status}
        </p>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.message}>
          <span className="visually-hidden">{t("shell.status", { status: String(status) })}</span>
          {message}
        </p>
        <a href="/" className={buttonClassName({})}>
          {t("shell.backHome")}
        </a>
        {detail && <pre className={styles.detail}>{detail}</pre>}
      </div>
    </main>
  );
}
