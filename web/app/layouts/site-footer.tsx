import { Link } from "react-router";
import { useRootData } from "../lib/root-data";
import styles from "./site-footer.module.css";

export function SiteFooter() {
  const environment = useRootData()?.config.environment;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to="/app">Member app</Link>
            </li>
            <li>
              <Link to="/playground/sign-message">Sign a message</Link>
            </li>
            {environment !== "production" && (
              <li>
                <Link to="/_template">UI kit</Link>
              </li>
            )}
          </ul>
        </nav>
        <p className={styles.copyright}>© Arcana</p>
      </div>
    </footer>
  );
}
