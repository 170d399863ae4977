import type { ReactNode } from "react";
import { useT } from "../../i18n/use-t";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import styles from "./genesis-pass.module.css";

/** A load or check of the pass page that failed: what failed, then a button to try again. */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const t = useT();
  return (
    <>
      <FormAlert>{children}</FormAlert>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onRetry}>
          {t("shell.tryAgain")}
        </Button>
      </div>
    </>
  );
}
