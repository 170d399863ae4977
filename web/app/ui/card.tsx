import type { HTMLAttributes, ReactNode } from "react";
import styles from "./card.module.css";

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** `glow` marks the one card on a page that deserves the eye first. */
  tone?: "plain" | "glow";
  as?: "section" | "article" | "div";
}

export function Card({ tone = "plain", as: Element = "section", className, children, ...rest }: CardProps) {
  return (
    <Element
      className={[styles.card, tone === "glow" ? styles.glow : "", className].filter(Boolean).join(" ")}
      {...rest}
    >
      {children}
    </Element>
  );
}

export function CardTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 className={styles.title} id={id}>
      {children}
    </h2>
  );
}
