import { Card } from "../../ui/card";
import styles from "./genesis-pass.module.css";

/** A few shimmering lines where text is loading; the label is what screen readers hear. */
export function LoadingLines({ label }: { label: string }) {
  return (
    <div className={styles.mintBody} role="status" aria-busy="true">
      <span className="visually-hidden">{label} …</span>
      <span className={`${styles.skeleton} ${styles.skeletonLine}`} />
      <span className={`${styles.skeleton} ${styles.skeletonShort}`} />
      <span className={`${styles.skeleton} ${styles.skeletonButton}`} />
    </div>
  );
}

/** A pass card's outline while the passes load. */
export function PassCardSkeleton() {
  return (
    <Card as="div" className={styles.passCard} aria-hidden="true">
      <span className={`${styles.skeleton} ${styles.skeletonImage}`} />
      <div className={styles.passInfo}>
        <span className={`${styles.skeleton} ${styles.skeletonTitle}`} />
        <span className={`${styles.skeleton} ${styles.skeletonShort}`} />
        <span className={`${styles.skeleton} ${styles.skeletonLine}`} />
      </div>
    </Card>
  );
}
