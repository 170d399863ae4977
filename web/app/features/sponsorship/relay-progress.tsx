import { type MessageId, useT } from "../../i18n/use-t";
import type { RelayProgress, RelayStep } from "../../wallet-runtime/sponsored-write";
import styles from "./sponsorship.module.css";

const steps: { step: RelayStep; label: MessageId }[] = [
  { step: "signed", label: "modal.relay.signed" },
  { step: "sent", label: "modal.relay.sent" },
  { step: "confirmed", label: "modal.relay.confirmed" },
  { step: "credited", label: "modal.relay.credited" },
];
const order: RelayStep[] = ["signing", "signed", "sent", "confirmed", "credited"];

/** A sponsored write's way: signed → sent → confirmed (→ credited), with the transaction's link. */
export function RelayProgressView({
  progress,
  explorerUrl,
  credits,
  awaitingState = false,
}: {
  progress: RelayProgress;
  explorerUrl: string | null;
  /** Check-ins and tarot records are credited; passes have no "credited" step. */
  credits: boolean;
  /**
   * True while the page still waits for the chain's result to show in its own state (a staked pass the indexer has
   * not reported yet): "Confirmed" stays the step under way, never ticked beside a "Not staked" badge.
   */
  awaitingState?: boolean;
}) {
  const t = useT();
  const confirmed = order.indexOf("confirmed");
  const reached = awaitingState ? Math.min(order.indexOf(progress.step), confirmed - 1) : order.indexOf(progress.step);
  const current = awaitingState && reached === confirmed - 1 ? "confirmed" : progress.step;
  const shown = credits ? steps : steps.slice(0, 3);
  return (
    <div className={styles.progress} data-testid="relay-progress" data-step={progress.step}>
      <ol className={styles.steps} aria-label={t("modal.relay.progress")}>
        {shown.map(({ step, label }) => {
          const done = order.indexOf(step) <= reached;
          return (
            <li key={step} className={done ? styles.done : styles.todo} aria-current={current === step || undefined}>
              {t(label)}
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
            {t("modal.relay.viewTransaction")}
          </a>
        ) : (
          <span className={styles.txLink} title={progress.txHash}>
            {t("modal.relay.transaction", { hash: `${progress.txHash.slice(0, 10)}…` })}
          </span>
        ))}
    </div>
  );
}
