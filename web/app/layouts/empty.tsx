import { Outlet } from "react-router";
import styles from "./empty.module.css";

/** No site chrome: for wallet in-app browsers, where every pixel belongs to the page. */
export default function EmptyLayout() {
  return (
    <main id="main" className={styles.main}>
      <Outlet />
    </main>
  );
}
