import type { ReactNode } from "react";
import { Link } from "react-router";
import { useModalStore } from "../../shell/modals/modal-store";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
import type { DailyReadiness } from "./daily-contract";
import styles from "./daily-wallet-step.module.css";
import { shortAddress } from "./short-address";

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
  /** "check in", "record it on chain": finishes "Bind a wallet to …". */
  action: string;
  children: ReactNode;
}) {
  const openModal = useModalStore((state) => state.openModal);
  switch (readiness.step) {
    case "ready":
      return children;
    case "sign-in":
      return (
        <Link to="/auth" className={styles.inlineLink}>
          Sign in to {action}
        </Link>
      );
    case "bind-wallet":
      return (
        <Button className={styles.primaryAction} onClick={() => openModal("bindWallet")}>
          Bind a wallet to {action}
        </Button>
      );
    case "connect-wallet":
      return (
        <Button className={styles.primaryAction} onClick={() => openModal("bindWallet")}>
          Connect your wallet to {action}
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
          Reconnecting your wallet…
        </Button>
      );
    case "wrong-account":
      return (
        <div className={styles.stepStack}>
          <FormAlert tone="info">
            The connected wallet is not the one bound to your account ({shortAddress(readiness.bound)}). Switch accounts
            in your wallet to {action}.
          </FormAlert>
          <Button variant="secondary" onClick={() => openModal("bindWallet")}>
            Wallet settings
          </Button>
        </div>
      );
    case "no-contract":
      return (
        <FormAlert tone="info">
          Arcana's Daily contract is not deployed on {readiness.chainName}. Choose another network in your wallet
          settings.
        </FormAlert>
      );
  }
}
