import type { ReactNode } from "react";
import styles from "./loading-line.module.css";
import { Spinner } from "./spinner";

/** A panel's "Loading …" line: the spinner, then what is loading (`children`); busy for assistive technology. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p className={styles.line} aria-busy="true">
      <Spinner /> {children}
    </p>
  );
}
