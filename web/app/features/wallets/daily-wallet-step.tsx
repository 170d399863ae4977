import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { useModalStore } from "../../shell/modals/modal-store";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
import type { DailyReadiness } from "./daily-contract";
import styles from "./daily-wallet-step.module.css";
import { shortAddress } from "./short-address";

/** The Daily contract's writes a member makes from the app. */
export type DailyAction = "checkIn" | "recordTarot";

/**
 * The next step before a Daily write (sign in, bind, connect, switch account), or the write's own
 * button once the wallet is ready.
 */
export function DailyWalletStep({
  readiness,
  action,
  children,
}: {
  readiness: DailyReadiness;
  /** The write it leads to, which finishes "Bind a wallet to …": check in, record it on chain. */
  action: DailyAction;
  children: ReactNode;
}) {
  const t = useT();
  const openModal = useModalStore((state) => state.openModal);
  switch (readiness.step) {
    case "ready":
      return children;
    case "sign-in":
      return (
        <Link to="/auth" className={styles.inlineLink}>
          {t("member.dailyStep.signIn", { action })}
        </Link>
      );
    case "bind-wallet":
      return (
        <Button className={styles.primaryAction} onClick={() => openModal("bindWallet")}>
          {t("member.dailyStep.bind", { action })}
        </Button>
      );
    case "connect-wallet":
      return (
        <Button className={styles.primaryAction} onClick={() => openModal("bindWallet")}>
          {t("member.dailyStep.connect", { action })}
        </Button>
      );
    case "reconnecting":
      // Usually over in a moment; the wallet settings are one click away if it is not.
      return (
        <Button
          variant="secondary"
          className={styles.primaryAction}
          icon={<Spinner />}
          onClick={() => openModal("bindWallet")}
        >
          {t("member.dailyStep.reconnecting")}
        </Button>
      );
    case "wrong-account":
      return (
        <div className={styles.stepStack}>
          <FormAlert tone="info">
            {t("member.dailyStep.wrongAccount", { address: shortAddress(readiness.bound), action })}
          </FormAlert>
          <Button variant="secondary" onClick={() => openModal("bindWallet")}>
            {t("member.dailyStep.settings")}
          </Button>
        </div>
      );
    case "no-contract":
      return <FormAlert tone="info">{t("member.dailyStep.noContract", { network: readiness.chainName })}</FormAlert>;
  }
}
