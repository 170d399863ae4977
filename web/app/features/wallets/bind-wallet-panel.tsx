import { aroundArgument, type Translate, useT } from "../../i18n/use-t";
// First: the Solana libraries below need the Buffer global while they load (only these chunks pay for it).
import "../../wallet-runtime/buffer-polyfill";
import { solanaChainByCluster, type User, WALLET_NONCE_TTL_MS, walletBindingStatement } from "@arcana/protocol";
import { sameEvmAddress } from "@arcana/protocol/address";
import { bindEvmWalletRoute, bindSolanaWalletRoute, issueWalletNonceRoute } from "@arcana/protocol/calls";
import { createSignInMessageText } from "@solana/wallet-standard-util";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { createSiweMessage } from "viem/siwe";
import { api, errorMessage } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { Button } from "../../ui/button";
import { showToast } from "../../ui/toast-store";
import { showWalletError } from "../../wallet-runtime/wallet-errors";
import { loadWalletRuntime, useEvmWallet, useWalletStore } from "../../wallet-runtime/wallet-store";
import { memberQueryKey, useMember } from "../account/use-member";
import { EvmWalletPanel } from "./evm-wallet-panel";
import { SolanaConnectButton } from "./solana-connect-button";
import styles from "./wallets.module.css";

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/**
 * The bind wallet modal's body: connect, sign this site's message with a fresh server nonce,
 * bound. Shows both bound addresses and warns when the connected wallet is not the bound one.
 */
export default function BindWalletPanel() {
  const member = useMember();
  const t = useT();
  const root = useRootData();
  const queryClient = useQueryClient();
  const evm = useEvmWallet(root?.evmWallet);
  const solana = useWalletStore((state) => state.solana);
  const [binding, setBinding] = useState<"evm" | "solana" | null>(null);
  const bindEvmButton = useRef<HTMLButtonElement>(null);
  const bindSolanaButton = useRef<HTMLButtonElement>(null);
  const boundEvm = useRef<HTMLElement>(null);
  const boundSolana = useRef<HTMLElement>(null);

  // Each step's control goes away under the member's focus: the picker closes onto a Connect button that is disabled
  // while the wallet connects, and "Bind this wallet" is disabled while it signs, then replaced by the bound address.
  // Focus left on the page body then moves to what follows: the bind button once connected, the address once bound.
  const evmBound = member?.wallet_address ?? null;
  const solanaBound = member?.solana_address ?? null;
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const next = [
      evm.status === "connected" && !evmBound && !binding ? bindEvmButton.current : null,
      solana.connected && !solanaBound && !binding ? bindSolanaButton.current : null,
      evmBound ? boundEvm.current : null,
      solanaBound ? boundSolana.current : null,
    ].find((element) => element !== null);
    next?.focus();
  }, [evm.status, solana.connected, evmBound, solanaBound, binding]);

  if (!member) {
    const [before, after] = aroundArgument(t, "modal.bindWallet.signIn", "signIn");
    return (
      <p>
        {before}
        <Link to="/auth">{t("shell.signIn")}</Link>
        {after}
      </p>
    );
  }
  const uid = member.uid;

  function bound(user: User, what: "evm" | "solana") {
    queryClient.setQueryData(memberQueryKey(uid), user);
    showToast({ message: t("member.bindWallet.bound", { what }), tone: "success" });
  }

  async function bindEvm() {
    if (!evm.address || evm.chainId === null) return;
    setBinding("evm");
    try {
      const runtime = await loadWalletRuntime();
      const { nonce } = await api(issueWalletNonceRoute);
      const issuedAt = new Date();
      const message = createSiweMessage({
        domain: window.location.host,
        uri: window.location.origin,
        address: evm.address as `0x${string}`,
        chainId: evm.chainId,
        nonce,
        version: "1",
        statement: walletBindingStatement,
        issuedAt,
        expirationTime: new Date(issuedAt.getTime() + WALLET_NONCE_TTL_MS),
      });
      const signature = await runtime.signEvmMessage(message);
      bound(await api(bindEvmWalletRoute, { body: { address: evm.address, message, signature } }), "evm");
    } catch (error) {
      reportBindingError(error, t);
    } finally {
      setBinding(null);
    }
  }

  async function bindSolana() {
    if (!solana.publicKey || !root) return;
    setBinding("solana");
    try {
      const runtime = await loadWalletRuntime();
      const { nonce } = await api(issueWalletNonceRoute);
      const issuedAt = new Date();
      const message = createSignInMessageText({
        domain: window.location.host,
        address: solana.publicKey,
        statement: walletBindingStatement,
        uri: window.location.origin,
        version: "1",
        chainId: solanaChainByCluster[root.config.solana_cluster],
        nonce,
        issuedAt: issuedAt.toISOString(),
        expirationTime: new Date(issuedAt.getTime() + WALLET_NONCE_TTL_MS).toISOString(),
      });
      const signature = await runtime.signSolanaMessage(new TextEncoder().encode(message));
      const result = await api(bindSolanaWalletRoute, {
        body: { address: solana.publicKey, message, signature: toBase64(signature) },
      });
      bound(result.user, "solana");
    } catch (error) {
      reportBindingError(error, t);
    } finally {
      setBinding(null);
    }
  }

  const evmMismatch =
    evm.status === "connected" &&
    member.wallet_address !== null &&
    !(evm.address !== null && sameEvmAddress(evm.address, member.wallet_address));
  const solanaMismatch =
    solana.connected && member.solana_address !== null && solana.publicKey !== member.solana_address;

  return (
    <div className={styles.walletList}>
      <dl className={styles.section}>
        <div>
          <dt className={styles.muted}>{t("member.bindWallet.boundEvm")}</dt>
          <dd ref={boundEvm} tabIndex={-1} className={styles.address} data-testid="bound-evm">
            {member.wallet_address ?? t("member.bindWallet.none")}
          </dd>
        </div>
        <div>
          <dt className={styles.muted}>{t("member.bindWallet.boundSolana")}</dt>
          <dd ref={boundSolana} tabIndex={-1} className={styles.address} data-testid="bound-solana">
            {member.solana_address ?? t("member.bindWallet.none")}
          </dd>
        </div>
      </dl>

      <EvmWalletPanel />
      {evmMismatch && (
        <p className={styles.warning} role="alert">
          {t("member.bindWallet.evmMismatch", { connected: evm.address ?? "", bound: member.wallet_address ?? "" })}
        </p>
      )}
      {evm.status === "connected" && !member.wallet_address && (
        <Button ref={bindEvmButton} loading={binding === "evm"} onClick={() => void bindEvm()}>
          {t("member.bindWallet.bindEvm")}
        </Button>
      )}

      <div className={styles.section} data-testid="solana-wallet">
        <h3 className={styles.sectionTitle}>{t("member.wallet.solana")}</h3>
        {solana.publicKey && <p className={styles.address}>{solana.publicKey}</p>}
        <SolanaConnectButton />
        {solanaMismatch && (
          <p className={styles.warning} role="alert">
            {t("member.bindWallet.solanaMismatch", { bound: member.solana_address ?? "" })}
          </p>
        )}
        {solana.connected && !member.solana_address && (
          <Button ref={bindSolanaButton} loading={binding === "solana"} onClick={() => void bindSolana()}>
            {t("member.bindWallet.bindSolana")}
          </Button>
        )}
      </div>
    </div>
  );
}

function reportBindingError(error: unknown, t: Translate) {
  if (error instanceof Error && error.name === "ApiRequestError") {
    showToast({ message: errorMessage(error, t), tone: "error" });
  } else {
    showWalletError(error);
  }
}
