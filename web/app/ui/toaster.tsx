import { useEffect } from "react";
import { useT } from "../i18n/use-t";
import { type Toast, useToastStore } from "./toast-store";
import styles from "./toaster.module.css";

/** Where toasts appear; rendered once, from the root. */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const t = useT();
  return (
    <section className={styles.region} aria-label={t("shell.notifications")} aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dismissToast = useToastStore((state) => state.dismissToast);
  const t = useT();
  useEffect(() => {
    if (toast.durationMs === null) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, dismissToast]);

  return (
    <div className={`${styles.toast} ${styles[toast.tone]}`}>
      <p className={styles.message}>{typeof toast.message === "function" ? toast.message(t) : toast.message}</p>
      <div className={styles.actions}>
        {toast.action && (
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              toast.action?.onClick();
              dismissToast(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        )}
        <button
          type="button"
          className={styles.dismiss}
          onClick={() => dismissToast(toast.id)}
          aria-label={t("shell.dismiss")}
        >
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
