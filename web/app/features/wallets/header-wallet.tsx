import { useT } from "../../i18n/use-t";
import { useRootData } from "../../lib/root-data";
import { useModalStore } from "../../shell/modals/modal-store";
import { useEvmWallet } from "../../wallet-runtime/wallet-store";
import { connectLabel } from "./connect-label";
import styles from "./header-wallet.module.css";
import { shortAddress } from "./short-address";

/**
 * The header's wallet button: the EVM wallet's state (server-rendered from wagmi's cookie, so a
 * returning member sees their wallet, not "Connect"), opening the bind wallet modal.
 */
export function HeaderWallet() {
  const root = useRootData();
  const evm = useEvmWallet(root?.evmWallet);
  const openModal = useModalStore((state) => state.openModal);
  const t = useT();
  // A known address shows while reconnecting too: the returning member sees their wallet at once.
  const address = evm.address && evm.status !== "disconnected" && evm.status !== "connecting" ? evm.address : null;
  const label = address
    ? shortAddress(address)
    : connectLabel(t, evm.status === "connected" ? "disconnected" : evm.status);
  return (
    <button
      type="button"
      className={styles.headerButton}
      onClick={() => openModal("bindWallet")}
      data-testid="header-wallet"
    >
      <span className={styles.statusDot} data-status={evm.status} aria-hidden="true" />
      {/* The address is data, not language: a browser translator leaves it alone. */}
      <span translate={address ? "no" : undefined}>{label}</span>
      <span className="visually-hidden">{t("shell.wallet.more")}</span>
    </button>
  );
}
