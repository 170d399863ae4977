import type { RelayProgress, RelayStep } from "../../wallet-runtime/sponsored-write";
import styles from "./sponsorship.module.css";

const steps: { step: RelayStep; label: string }[] = [
  { step: "signed", label: "Signed" },
  { step: "sent", label: "Sent" },
  { step: "confirmed", label: "Confirmed" },
  { step: "credited", label: "Credited" },
];
const order: RelayStep[] = ["signing", "signed", "sent", "confirmed", "credited"];

/** A sponsored write's way: signed → sent → confirmed (→ credited), with the transaction's link. */
export function RelayProgressView({
  progress,
  explorerUrl,
  credits,
}: {
  progress: RelayProgress;
  explorerUrl: string | null;
  /** Check-ins and tarot records are credited; passes have no "credited" step. */
  credits: boolean;
}) {
  const reached = order.indexOf(progress.step);
  const shown = credits ? steps : steps.slice(0, 3);
  return (
    <div className={styles.progress} data-testid="relay-progress" data-step={progress.step}>
      <ol className={styles.steps} aria-label="Free transaction progress">
        {shown.map(({ step, label }) => {
          const done = order.indexOf(step) <= reached;
          return (
            <li
              key={step}
              className={done ? styles.done : styles.todo}
              aria-current={progress.step === step || undefined}
            >
              {label}
            </li>
          );
        })}
      </ol>
      {progress.txHash &&
        (explorerUrl ? (
          <a
            className={styles.txLink}
            href={`${explorerUrl.replace(/\/$/, "")}/tx/${progress.txHash}`}
            target="_blank"
            rel="noreferrer"
          >
            View the transaction
          </a>
        ) : (
          <span className={styles.txLink} title={progress.txHash}>
            Transaction {progress.txHash.slice(0, 10)}…
          </span>
        ))}
    </div>
  );
}
