import { ed25519 } from "@noble/curves/ed25519";
import {
  BaseMessageSignerWalletAdapter,
  type TransactionOrVersionedTransaction,
  type WalletName,
  WalletNotConnectedError,
  WalletReadyState,
} from "@solana/wallet-adapter-base";
import { Keypair, type PublicKey, type TransactionVersion, VersionedTransaction } from "@solana/web3.js";

/** Where the Solana burner's key (a 32-byte ed25519 seed, hex) lives: this browser only, development only. */
export const solanaBurnerKeyStorage = "arcana:solana-burner-key";

export const solanaBurnerName = "Solana Burner" as WalletName<"Solana Burner">;

const burnerIcon =
  "data:image/svg+xml;base64," +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1d3b5e"/><path d="M16 5c3 5 8 8 8 14a8 8 0 0 1-16 0c0-4 2-6 4-8 0 3 1 5 3 6-1-5 0-9 1-12z" fill="#42d9f5"/></svg>',
  );

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

function burnerKeypair(): Keypair {
  const stored = window.localStorage.getItem(solanaBurnerKeyStorage);
  if (stored && /^[0-9a-f]{64}$/.test(stored)) {
    return Keypair.fromSeed(Uint8Array.from(stored.match(/../g) as string[], (pair) => Number.parseInt(pair, 16)));
  }
  const keypair = Keypair.generate();
  window.localStorage.setItem(solanaBurnerKeyStorage, hex(keypair.secretKey.slice(0, 32)));
  return keypair;
}

/**
 * A development-only Solana wallet, the counterpart of the EVM burner (`burner-connector.ts`): an ed25519 key kept in
 * localStorage that signs in the page, so binding a Solana address can be tried without an extension.
 */
export class SolanaBurnerAdapter extends BaseMessageSignerWalletAdapter<"Solana Burner"> {
  name = solanaBurnerName;
  url = "";
  icon = burnerIcon;
  readyState = WalletReadyState.Installed;
  supportedTransactionVersions: ReadonlySet<TransactionVersion> = new Set(["legacy", 0] as const);
  connecting = false;
  private keypair: Keypair | null = null;

  get publicKey(): PublicKey | null {
    return this.keypair?.publicKey ?? null;
  }

  async connect(): Promise<void> {
    this.keypair = burnerKeypair();
    this.emit("connect", this.keypair.publicKey);
  }

  async disconnect(): Promise<void> {
    this.keypair = null;
    this.emit("disconnect");
  }

  private signer(): Keypair {
    if (!this.keypair) throw new WalletNotConnectedError();
    return this.keypair;
  }

  async signTransaction<T extends TransactionOrVersionedTransaction<this["supportedTransactionVersions"]>>(
    transaction: T,
  ): Promise<T> {
    const signer = this.signer();
    if (transaction instanceof VersionedTransaction) transaction.sign([signer]);
    else transaction.partialSign(signer);
    return transaction;
  }

  async signMessage(message: Uint8Array): Promise<Uint8Array> {
    return ed25519.sign(message, this.signer().secretKey.slice(0, 32));
  }
}
