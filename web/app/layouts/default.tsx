import { Outlet } from "react-router";
import styles from "./default.module.css";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The site's chrome: header with navigation and account, the page, footer. */
export default function DefaultLayout() {
  return (
    <div className={styles.shell}>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
