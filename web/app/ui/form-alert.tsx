import type { ReactNode } from "react";
import styles from "./form-alert.module.css";

export interface FormAlertProps {
  /** Lets a field point at the message with `aria-describedby`. */
  id?: string;
  /** `error` interrupts the screen reader (role=alert); `success` and `info` wait their turn. */
  tone?: "error" | "success" | "info";
  children: ReactNode;
}

/** A message shown in place, next to the form it is about. */
export function FormAlert({ id, tone = "error", children }: FormAlertProps) {
  return (
    <p id={id} role={tone === "error" ? "alert" : "status"} className={`${styles.alert} ${styles[tone]}`}>
      {children}
    </p>
  );
}
