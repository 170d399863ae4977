// First: the Solana libraries below need the Buffer global while they load (only these chunks pay for it).
import "../../wallet-runtime/buffer-polyfill";
import { ed25519 } from "@noble/curves/ed25519";
import { base58 } from "@scure/base";
import { useId, useState } from "react";
import { verifyMessage } from "viem";
import { aroundArgument, useT } from "../../i18n/use-t";
import { useRootData } from "../../lib/root-data";
import { Button } from "../../ui/button";
import { useEvmWallet, useWalletStore } from "../../wallet-runtime/wallet-store";
import { EvmWalletPanel } from "./evm-wallet-panel";
import { SolanaConnectButton } from "./solana-connect-button";
import { withWalletRuntime } from "./use-wallet-runtime";
import styles from "./wallets.module.css";

type Family = "evm" | "solana";

interface Signed {
  family: Family;
  signer: string;
  message: string;
  /** 0x hex for EVM, base64 for Solana. */
  signature: string;
}

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** Checks a signature in the page: EIP-191 recovery for EVM, ed25519 for Solana. */
export async function signatureIsValid(signed: Signed, message: string): Promise<boolean> {
  try {
    if (signed.family === "evm") {
      return await verifyMessage({
        address: signed.signer as `0x${string}`,
        message,
        signature: signed.signature as `0x${string}`,
      });
    }
    return ed25519.verify(
      fromBase64(signed.signature),
      new TextEncoder().encode(message),
      // A Solana address is its ed25519 public key, base58-encoded.
      base58.decode(signed.signer),
    );
  } catch {
    return false;
  }
}

/** Sign any text with the connected EVM or Solana wallet, then verify it (or a tampered copy) here. */
export function SignMessagePlayground() {
  const t = useT();
  const root = useRootData();
  const evm = useEvmWallet(root?.evmWallet);
  const solana = useWalletStore((state) => state.solana);
  const [family, setFamily] = useState<Family>("evm");
  const [message, setMessage] = useState(() => t("account.sign.defaultMessage"));
  const [signed, setSigned] = useState<Signed | null>(null);
  const [toVerify, setToVerify] = useState("");
  const [verdict, setVerdict] = useState<boolean | null>(null);
  const [signing, setSigning] = useState(false);
  const messageId = useId();
  const verifyId = useId();

  const signedBy = aroundArgument(t, "account.sign.signedBy", "signer");
  const signer = family === "evm" ? (evm.status === "connected" ? evm.address : null) : solana.publicKey;

  async function sign() {
    if (!signer) return;
    setSigning(true);
    const result = await withWalletRuntime(async (runtime) =>
      family === "evm"
        ? runtime.signEvmMessage(message)
        : toBase64(await runtime.signSolanaMessage(new TextEncoder().encode(message))),
    );
    setSigning(false);
    if (!result) return;
    const next = { family, signer, message, signature: result };
    setSigned(next);
    setToVerify(message);
    setVerdict(await signatureIsValid(next, message));
  }

  async function verify() {
    if (signed) setVerdict(await signatureIsValid(signed, toVerify));
  }

  return (
    <div className={styles.walletList}>
      <fieldset className={styles.row}>
        <legend className={styles.muted}>{t("account.sign.with")}</legend>
        {(["evm", "solana"] as const).map((option) => (
          <label key={option} className={styles.row}>
            <input
              type="radio"
              name="family"
              value={option}
              checked={family === option}
              onChange={() => setFamily(option)}
            />
            {option === "evm" ? t("member.wallet.evm") : t("member.wallet.solana")}
          </label>
        ))}
      </fieldset>

      {family === "evm" ? (
        <EvmWalletPanel heading="h2" />
      ) : (
        <div className={styles.section}>
          <h2 className={styles.sectionTitle}>{t("member.wallet.solana")}</h2>
          {solana.publicKey && <p className={styles.address}>{solana.publicKey}</p>}
          <SolanaConnectButton />
        </div>
      )}

      <label htmlFor={messageId} className={styles.muted}>
        {t("account.sign.message")}
      </label>
      <textarea
        id={messageId}
        className={styles.textarea}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <Button disabled={!signer || message.length === 0} loading={signing} onClick={() => void sign()}>
        {t("account.sign.sign")}
      </Button>
      {!signer && <p className={styles.muted}>{t("account.sign.connectFirst")}</p>}

      {signed && (
        <div className={styles.section}>
          <h2 className={styles.sectionTitle}>{t("account.sign.signature")}</h2>
          <p className={styles.muted}>
            {signedBy[0]}
            <span className={styles.address}>{signed.signer}</span>
            {signedBy[1]}
          </p>
          <pre className={styles.signature} data-testid="signature">
            {signed.signature}
          </pre>
          <label htmlFor={verifyId} className={styles.muted}>
            {t("account.sign.toVerify")}
          </label>
          <textarea
            id={verifyId}
            className={styles.textarea}
            value={toVerify}
            onChange={(event) => {
              setToVerify(event.target.value);
              setVerdict(null);
            }}
          />
          <div className={styles.row}>
            <Button variant="secondary" onClick={() => void verify()}>
              {t("account.sign.verify")}
            </Button>
            {verdict !== null && (
              <output className={verdict ? styles.valid : styles.invalid} data-testid="verdict">
                {verdict ? t("account.sign.valid") : t("account.sign.invalid")}
              </output>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
