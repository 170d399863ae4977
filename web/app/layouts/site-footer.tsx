import { Link } from "react-router";
import { useT } from "../i18n/use-t";
import { useRootData } from "../lib/root-data";
import styles from "./site-footer.module.css";

export function SiteFooter() {
  const environment = useRootData()?.config.environment;
  const t = useT();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t("shell.footer")}>
          <ul className={styles.links}>
            <li>
              <Link to="/app">{t("shell.memberApp")}</Link>
            </li>
            <li>
              <Link to="/fairness">{t("shell.page.fairness")}</Link>
            </li>
            {/* Developers' pages: linked in development only (the signing playground is still served). */}
            {environment === "development" && (
              <>
                <li>
                  <Link to="/playground/sign-message">{t("shell.page.signMessage")}</Link>
                </li>
                <li>
                  <Link to="/_template">{t("shell.page.uiKit")}</Link>
                </li>
              </>
            )}
          </ul>
        </nav>
        <p className={styles.copyright}>{t("shell.copyright")}</p>
      </div>
    </footer>
  );
}
