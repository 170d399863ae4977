import { useState } from "react";
import { useT } from "../../i18n/use-t";
import { Badge } from "../../ui/badge";
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
}

/**
 * "Connect Wallet" (spec §2): installed, then loadable, then not detected; three featured and the
 * rest behind "More options" / "Less"; installed wallets marked "Detected". Escape, the close
 * button and an outside click close it (the Modal), and so does choosing a wallet.
 */
export function ConnectWalletModal({ open, onClose, wallets, loading = false, onChoose }: ConnectWalletModalProps) {
  const [expanded, setExpanded] = useState(false);
  const t = useT();
  const { featured, more } = splitFeatured(orderWallets(wallets));
  const shown = expanded ? [...featured, ...more] : featured;
  return (
    <Modal open={open} onClose={onClose} title={t("shell.wallet.connect")}>
      {loading && wallets.length === 0 ? (
        <p className={styles.loading}>
          <Spinner /> {t("shell.wallet.looking")}
        </p>
      ) : (
        <ul className={styles.walletList} aria-label={t("shell.wallet.list")}>
          {shown.map((wallet) => (
            <li key={wallet.id}>
              <button
                type="button"
                className={styles.walletOption}
                onClick={() => {
                  onChoose(wallet);
                  onClose();
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
      {more.length > 0 && (
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
