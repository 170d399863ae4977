import type { ReactNode } from "react";
import { Card } from "./card";
import styles from "./empty-state.module.css";
import { Sigil, type SigilName } from "./sigil";

export interface EmptyStateProps {
  sigil: SigilName;
  title: string;
  children: ReactNode;
  /** A next step the member can take now, if there is one. */
  action?: ReactNode;
}

export function EmptyState({ sigil, title, children, action }: EmptyStateProps) {
  return (
    <Card className={styles.emptyState}>
      <span className={styles.sigil}>
        <Sigil name={sigil} size={32} />
      </span>
      <h2 className={styles.title}>{title}</h2>
      <div className={styles.body}>{children}</div>
      {action && <div className={styles.action}>{action}</div>}
    </Card>
  );
}
