import { fundBurnerWalletRoute } from "@arcana/protocol/calls";
import { useState } from "react";
import { useT } from "../../i18n/use-t";
import { api, errorMessage } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { Button } from "../../ui/button";
import { showToast } from "../../ui/toast-store";
import { useTargetNetwork } from "../../wallet-runtime/target-network";
import { useEvmWallet, useWalletStore } from "../../wallet-runtime/wallet-store";
import { ChainSelect } from "./chain-select";
import { connectLabel } from "./connect-label";
import { ConnectWalletModal } from "./connect-wallet-modal";
import dot from "./header-wallet.module.css";
import { shortAddress } from "./short-address";
import { useWalletRuntime, withWalletRuntime } from "./use-wallet-runtime";
import styles from "./wallets.module.css";

/** The EVM wallet: connect or disconnect, the target network and switching to it, the dev faucet. */
/** `heading`: the panel title's level where it stands (h3 inside the bind dialog, h2 on a page). */
export function EvmWalletPanel({ heading: Heading = "h3" }: { heading?: "h2" | "h3" }) {
  const t = useT();
  const root = useRootData();
  const runtime = useWalletRuntime();
  const evm = useEvmWallet(root?.evmWallet);
  const wallets = useWalletStore((state) => state.evmWallets);
  const [target, chooseTarget] = useTargetNetwork();
  const [modalOpen, setModalOpen] = useState(false);
  const [funding, setFunding] = useState(false);
  const chains = root?.config.chains ?? [];
  const walletChain = chains.find((chain) => chain.id === evm.chainId);
  const onOtherChain = evm.status === "connected" && target !== null && evm.chainId !== target.id;

  async function fundBurner(address: string) {
    setFunding(true);
    try {
      await api(fundBurnerWalletRoute, { body: { address } });
      showToast({ message: t("member.wallet.faucetSent"), tone: "success" });
    } catch (error) {
      showToast({ message: errorMessage(error, t), tone: "error" });
    } finally {
      setFunding(false);
    }
  }

  return (
    <div className={styles.section} data-testid="evm-wallet">
      <Heading className={styles.sectionTitle}>{t("member.wallet.evm")}</Heading>
      <p className={styles.row}>
        <span className={dot.statusDot} data-status={evm.status} aria-hidden="true" />
        <span data-testid="evm-status">{t("member.wallet.status", { status: evm.status })}</span>
        {evm.address && (
          <span className={styles.address} translate="no">
            {shortAddress(evm.address)}
          </span>
        )}
        {evm.connectorName && (
          <span className={styles.muted}>{t("member.wallet.via", { connector: evm.connectorName })}</span>
        )}
      </p>
      <div className={styles.row}>
        {evm.status === "connected" ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void withWalletRuntime((ready) => ready.disconnectEvm())}
          >
            {t("member.wallet.disconnect")}
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={evm.status === "connecting" || evm.status === "reconnecting"}
            onClick={() => setModalOpen(true)}
          >
            {connectLabel(t, evm.status)}
          </Button>
        )}
        {evm.connectorName === "Burner Wallet" && evm.address && (
          <Button variant="ghost" size="sm" loading={funding} onClick={() => void fundBurner(evm.address as string)}>
            {t("member.wallet.faucet")}
          </Button>
        )}
      </div>
      <label className={styles.row}>
        <span className={styles.muted}>{t("member.wallet.network")}</span>
        <ChainSelect className={styles.select} chains={chains} value={target?.id ?? ""} onChoose={chooseTarget} />
      </label>
      {target?.gas_note && <p className={styles.muted}>{target.gas_note}</p>}
      {onOtherChain && target && (
        <div className={styles.row}>
          <p className={styles.warning}>
            {t("member.wallet.otherChain", {
              current: walletChain?.name ?? t("member.wallet.chainId", { id: String(evm.chainId) }),
              target: target.name,
            })}
          </p>
          <Button size="sm" onClick={() => void withWalletRuntime((ready) => ready.switchEvmChain(target.id))}>
            {t("member.wallet.switchTo", { network: target.name })}
          </Button>
        </div>
      )}
      <ConnectWalletModal
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        wallets={wallets}
        loading={!runtime}
        onChoose={(wallet) => void withWalletRuntime((ready) => ready.connectEvm(wallet.id))}
      />
    </div>
  );
}
