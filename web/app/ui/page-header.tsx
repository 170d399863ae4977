import type { ReactNode } from "react";
import styles from "./page-header.module.css";

export interface PageHeaderProps {
  title: string;
  /** A short kicker above the title, e.g. the product area. */
  eyebrow?: string;
  children?: ReactNode;
}

export function PageHeader({ title, eyebrow, children }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.description}>{children}</div>}
    </header>
  );
}
