import { useEffect, useRef, useState } from "react";
import { useT } from "../../i18n/use-t";
import { Badge } from "../../ui/badge";
import { Button, buttonClassName } from "../../ui/button";
import { Modal } from "../../ui/modal";
import { Spinner } from "../../ui/spinner";
import type { WalletOption } from "../../wallet-runtime/wallet-store";
import { orderWallets, splitFeatured } from "./wallet-list";
import styles from "./wallets.module.css";

export interface ConnectWalletModalProps {
  open: boolean;
  onClose: () => void;
  wallets: WalletOption[];
  /** True until the wallet stacks have loaded and reported their wallets. */
  loading?: boolean;
  onChoose: (wallet: WalletOption) => void;
  /**
   * True when a wallet this browser lacks can still be used from here (on a phone, its own app through a deep link):
   * `onChoose` gets it then, where otherwise the dialog says it is not installed.
   */
  reachableElsewhere?: (wallet: WalletOption) => boolean;
}

/**
 * "Connect Wallet" (spec §2): installed, then loadable, then not detected; three featured and the
 * rest behind "More options" / "Less"; installed wallets marked "Detected". Escape, the close
 * button and an outside click close it (the Modal), and so does choosing a wallet. Choosing one the
 * browser does not have says so, links to its install page and leads back to the other ways in.
 */
export function ConnectWalletModal({
  open,
  onClose,
  wallets,
  loading = false,
  onChoose,
  reachableElsewhere,
}: ConnectWalletModalProps) {
  const [expanded, setExpanded] = useState(false);
  const [missing, setMissing] = useState<WalletOption | null>(null);
  const t = useT();
  const { featured, more } = splitFeatured(orderWallets(wallets));
  const shown = expanded ? [...featured, ...more] : featured;
  const missingRef = useRef<HTMLParagraphElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** Where focus goes after the view inside the dialog changes (the new view's first thing to read or press). */
  const [focusAfterSwitch, setFocusAfterSwitch] = useState<"missing" | "list" | null>(null);
  useEffect(() => {
    if (focusAfterSwitch === "missing") missingRef.current?.focus();
    if (focusAfterSwitch === "list") listRef.current?.querySelector("button")?.focus();
  }, [focusAfterSwitch]);
  const close = () => {
    setMissing(null);
    setFocusAfterSwitch(null);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title={t("shell.wallet.connect")}>
      {missing ? (
        <div className={styles.missing} data-testid="wallet-not-installed">
          <p ref={missingRef} tabIndex={-1} className={styles.missingTitle}>
            <img src={missing.icon} alt="" width={28} height={28} className={styles.walletIcon} />
            {t("shell.wallet.notInstalled", { name: missing.name })}
          </p>
          <p>{t("shell.wallet.afterInstall")}</p>
          <div className={styles.row}>
            {missing.url && (
              <a
                href={missing.url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClassName({ variant: "primary" })}
              >
                {t("shell.wallet.install", { name: missing.name })}
              </a>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                setMissing(null);
                setFocusAfterSwitch("list");
              }}
            >
              {t("shell.wallet.chooseAnother")}
            </Button>
          </div>
        </div>
      ) : loading && wallets.length === 0 ? (
        <p className={styles.loading}>
          <Spinner /> {t("shell.wallet.looking")}
        </p>
      ) : (
        <ul ref={listRef} className={styles.walletList} aria-label={t("shell.wallet.list")}>
          {shown.map((wallet) => (
            <li key={wallet.id}>
              <button
                type="button"
                className={styles.walletOption}
                onClick={() => {
                  if (wallet.readyState === "NotDetected" && !reachableElsewhere?.(wallet)) {
                    setMissing(wallet);
                    setFocusAfterSwitch("missing");
                    return;
                  }
                  onChoose(wallet);
                  close();
                }}
              >
                <img src={wallet.icon} alt="" width={28} height={28} className={styles.walletIcon} />
                <span className={styles.walletName}>{wallet.name}</span>
                {wallet.readyState === "Installed" && <Badge tone="success">{t("shell.wallet.detected")}</Badge>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!missing && more.length > 0 && (
        <button
          type="button"
          className={styles.moreToggle}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t("shell.wallet.less") : t("shell.wallet.moreOptions")}
        </button>
      )}
    </Modal>
  );
}
