import { useEffect, useState } from "react";
import { useT } from "../../i18n/use-t";
import { useDevice } from "../../lib/device";
import { Button } from "../../ui/button";
import {
  loadWalletRuntime,
  solanaWalletNameKey,
  useWalletStore,
  type WalletOption,
} from "../../wallet-runtime/wallet-store";
import { ConnectWalletModal } from "./connect-wallet-modal";
import { useWalletRuntime, withWalletRuntime } from "./use-wallet-runtime";
import { connectButtonDisabled, connectButtonLabel, mobileDeepLink } from "./wallet-list";
import styles from "./wallets.module.css";

/** The adapter keeps the name JSON-encoded; read it before the stacks load so the label is right at once. */
function storedWalletName(): string | null {
  try {
    const raw = window.localStorage.getItem(solanaWalletNameKey);
    return raw ? (JSON.parse(raw) as string) : null;
  } catch {
    return null;
  }
}

/**
 * The Solana connect button (spec §2): "Connect Wallet" opens the modal; with a wallet chosen,
 * "Connect" connects it; "Connecting ..." and "Connected" are disabled.
 */
export function SolanaConnectButton() {
  const t = useT();
  const runtime = useWalletRuntime();
  const solana = useWalletStore((state) => state.solana);
  const device = useDevice();
  const [modalOpen, setModalOpen] = useState(false);
  const [remembered, setRemembered] = useState<string | null>(null);
  useEffect(() => setRemembered(storedWalletName()), []);

  const state = {
    walletName: runtime ? solana.walletName : remembered,
    connecting: solana.connecting,
    connected: solana.connected,
  };

  /** On a phone, a Phantom or Solflare this browser lacks opens the page in the wallet's own app (spec §4). */
  const deepLink = (wallet: WalletOption) =>
    device.isMobile && wallet.readyState !== "Installed"
      ? mobileDeepLink(wallet.name, window.location.href, window.location.origin)
      : null;

  function choose(wallet: WalletOption) {
    const link = deepLink(wallet);
    if (link) {
      window.location.assign(link);
      return;
    }
    void withWalletRuntime(async (ready) => ready.selectSolanaWallet(wallet.name));
  }

  return (
    <div className={styles.row}>
      <Button
        disabled={connectButtonDisabled(state)}
        onClick={() => {
          if (!state.walletName) setModalOpen(true);
          // The provider already reports connection errors as toasts.
          else void loadAndConnect();
        }}
      >
        {connectButtonLabel(t, state)}
      </Button>
      {state.walletName && !state.connecting && (
        <Button variant="ghost" size="sm" onClick={() => setModalOpen(true)}>
          {t("member.wallet.change")}
        </Button>
      )}
      {state.connected && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void withWalletRuntime((ready) => ready.disconnectSolana())}
        >
          {t("member.wallet.disconnect")}
        </Button>
      )}
      <ConnectWalletModal
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        wallets={solana.wallets}
        loading={!runtime}
        onChoose={choose}
        reachableElsewhere={(wallet) => deepLink(wallet) !== null}
      />
    </div>
  );
}

async function loadAndConnect() {
  try {
    await (await loadWalletRuntime()).connectSolana();
  } catch {
    // Shown by the wallet provider's error handler.
  }
}
