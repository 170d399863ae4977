import styles from "./spinner.module.css";

/** Decorative: whoever shows it also says what is loading (aria-busy, a label). */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
