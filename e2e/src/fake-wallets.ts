import { ed25519 } from "@noble/curves/ed25519";
import { Keypair, VersionedTransaction } from "@solana/web3.js";
import type { Page } from "playwright-core";
import { type Hex, isHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

/** What the fake wallets add to the page's window, for the tests to steer them. */
interface FakeWalletControls {
  __arcanaEvmCalls: string[];
  /** "connect" or "sign": the next such request is rejected with 4001, as a member declining. */
  __arcanaRejectNext: string | null;
  /** While set, the Solana wallet's connect waits for this promise (to see "Connecting ..."). */
  __arcanaSolanaConnectGate: Promise<void> | null;
  /** Set by a test to release the Solana connect gate. */
  __openGate?: () => void;
  __arcanaEvmSign(kind: string, payload: string): Promise<string>;
  __arcanaSolanaSignMessage(messageBase64: string): Promise<string>;
  __arcanaSolanaSignTransaction(transactionBase64: string): Promise<string>;
}

declare global {
  interface Window extends FakeWalletControls {}
}

export interface FakeWallets {
  evmAddress: `0x${string}`;
  solanaAddress: string;
  /** Every EIP-1193 method the page asked the EVM wallet for, in order. */
  evmCalls(): Promise<string[]>;
}

export interface FakeWalletOptions {
  evmKey?: Hex;
  /** Chains the EVM wallet knows before the page asks it to add any (4902 for the rest). */
  evmChains?: number[];
  /** Where `eth_sendTransaction` and unknown calls go, when a local chain is running. */
  rpcUrl?: string;
}

/** What the browser side needs; plain data, because the init script runs in the page. */
interface InitArgs {
  evmAddress: string;
  evmChains: number[];
  rpcUrl: string | null;
  solanaAddress: string;
  solanaPublicKey: number[];
}

/**
 * Wallets that sign for real, for Chromium: an EIP-1193 provider (window.ethereum and EIP-6963)
 * backed by a viem local account, and a wallet-standard Solana wallet backed by an ed25519 key.
 * Keys stay in Node: the page calls exposed functions to sign.
 */
export async function installFakeWallets(page: Page, options: FakeWalletOptions = {}): Promise<FakeWallets> {
  const evm = privateKeyToAccount(options.evmKey ?? generatePrivateKey());
  const solana = Keypair.generate();

  await page.exposeFunction("__arcanaEvmSign", async (kind: string, payload: string) => {
    if (kind === "personal_sign") {
      return evm.signMessage({ message: isHex(payload) ? { raw: payload } : payload });
    }
    if (kind === "typed") return evm.signTypedData(JSON.parse(payload));
    if (kind === "send") {
      if (!options.rpcUrl) throw new Error("no local chain to send to");
      const { createWalletClient, http } = await import("viem");
      const { hardhat } = await import("viem/chains");
      const client = createWalletClient({ account: evm, chain: hardhat, transport: http(options.rpcUrl) });
      const tx = JSON.parse(payload) as { to?: Hex; data?: Hex; value?: Hex };
      return client.sendTransaction({ to: tx.to ?? null, data: tx.data, value: tx.value ? BigInt(tx.value) : 0n });
    }
    throw new Error(`unknown signing request ${kind}`);
  });
  await page.exposeFunction("__arcanaSolanaSignMessage", (messageBase64: string) =>
    Buffer.from(ed25519.sign(Buffer.from(messageBase64, "base64"), solana.secretKey.slice(0, 32))).toString("base64"),
  );
  await page.exposeFunction("__arcanaSolanaSignTransaction", (transactionBase64: string) => {
    const transaction = VersionedTransaction.deserialize(Buffer.from(transactionBase64, "base64"));
    transaction.sign([solana]);
    return Buffer.from(transaction.serialize()).toString("base64");
  });

  const args: InitArgs = {
    evmAddress: evm.address,
    evmChains: options.evmChains ?? [31337],
    rpcUrl: options.rpcUrl ?? null,
    solanaAddress: solana.publicKey.toBase58(),
    solanaPublicKey: Array.from(solana.publicKey.toBytes()),
  };
  await page.addInitScript(installInPage, args);
  return {
    evmAddress: evm.address,
    solanaAddress: solana.publicKey.toBase58(),
    evmCalls: () => page.evaluate(() => window.__arcanaEvmCalls),
  };
}

/** The page side. Self-contained: Playwright serialises this function into the page. */
function installInPage(args: InitArgs) {
  type Listener = (payload: unknown) => void;
  const page = window;
  page.__arcanaEvmCalls = [];
  page.__arcanaRejectNext = null;
  page.__arcanaSolanaConnectGate = null;

  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
  const rejectIf = (what: string) => {
    if (page.__arcanaRejectNext !== what) return;
    page.__arcanaRejectNext = null;
    throw rpcError(4001, "User rejected the request.");
  };

  // ——— EVM: EIP-1193 provider ———
  const known = new Set(args.evmChains);
  let chainId = args.evmChains[0] ?? 31337;
  // Like a real wallet, the permission granted to this origin outlives a reload.
  // (about:blank has no storage: there the wallet simply starts unauthorised.)
  const authorizedKey = "__arcanaTestWalletAuthorized";
  const stored = (): boolean => {
    try {
      return localStorage.getItem(authorizedKey) === "1";
    } catch {
      return false;
    }
  };
  let authorized = stored();
  const remember = (value: boolean) => {
    authorized = value;
    try {
      if (value) localStorage.setItem(authorizedKey, "1");
      else localStorage.removeItem(authorizedKey);
    } catch {
      // No storage: the permission lasts as long as the page.
    }
  };
  const listeners: Record<string, Listener[]> = {};
  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners[event] ?? []) listener(payload);
  };
  const hex = (value: number) => `0x${value.toString(16)}`;

  async function forward(method: string, params: unknown) {
    if (!args.rpcUrl) throw rpcError(4200, `${method} needs a local chain`);
    const response = await fetch(args.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw rpcError(body.error.code, body.error.message);
    return body.result;
  }

  const provider = {
    isArcanaTestWallet: true,
    async request({ method, params }: { method: string; params?: unknown[] }) {
      page.__arcanaEvmCalls.push(method);
      switch (method) {
        case "eth_requestAccounts":
          rejectIf("connect");
          remember(true);
          emit("connect", { chainId: hex(chainId) });
          return [args.evmAddress];
        case "eth_accounts":
          return authorized ? [args.evmAddress] : [];
        case "eth_chainId":
          return hex(chainId);
        case "net_version":
          return String(chainId);
        case "wallet_requestPermissions":
          rejectIf("connect");
          remember(true);
          return [{ parentCapability: "eth_accounts" }];
        case "wallet_revokePermissions":
          remember(false);
          return null;
        case "personal_sign":
          rejectIf("sign");
          return page.__arcanaEvmSign("personal_sign", params?.[0] as string);
        case "eth_signTypedData_v4":
          rejectIf("sign");
          return page.__arcanaEvmSign("typed", params?.[1] as string);
        case "eth_sendTransaction":
          rejectIf("sign");
          return page.__arcanaEvmSign("send", JSON.stringify(params?.[0]));
        case "wallet_switchEthereumChain": {
          rejectIf("switch");
          const target = Number.parseInt((params?.[0] as { chainId: string } | undefined)?.chainId ?? "", 16);
          if (!known.has(target)) throw rpcError(4902, `Unrecognized chain ID ${hex(target)}.`);
          chainId = target;
          emit("chainChanged", hex(target));
          return null;
        }
        case "wallet_addEthereumChain": {
          // Like MetaMask: adding a chain also switches to it.
          const target = Number.parseInt((params?.[0] as { chainId: string } | undefined)?.chainId ?? "", 16);
          known.add(target);
          chainId = target;
          emit("chainChanged", hex(target));
          return null;
        }
        default:
          return forward(method, params);
      }
    },
    on(event: string, listener: Listener) {
      listeners[event] = [...(listeners[event] ?? []), listener];
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners[event] = (listeners[event] ?? []).filter((candidate) => candidate !== listener);
      return provider;
    },
  };
  Object.assign(window, { ethereum: provider });
  const evmIcon =
    "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzJiNmNiMCIvPjwvc3ZnPg==";
  const info = Object.freeze({
    uuid: "6f1f6c5e-2a53-4c8e-9a37-0c7e5b1d2f11",
    name: "Arcana Test Wallet",
    icon: evmIcon,
    rdns: "dev.arcana.testwallet",
  });
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();

  // ——— Solana: a wallet-standard wallet ———
  const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  const chains = ["solana:mainnet", "solana:devnet", "solana:testnet"] as const;
  const account = Object.freeze({
    address: args.solanaAddress,
    publicKey: new Uint8Array(args.solanaPublicKey),
    chains,
    features: ["solana:signAndSendTransaction", "solana:signMessage", "solana:signTransaction"] as const,
  });
  let accounts: (typeof account)[] = [];
  const changeListeners: Listener[] = [];
  const changed = () => {
    for (const listener of changeListeners) listener({ accounts });
  };
  const signTransaction = async (...inputs: Array<{ transaction: Uint8Array }>) =>
    Promise.all(
      inputs.map(async ({ transaction }) => ({
        signedTransaction: fromBase64(await page.__arcanaSolanaSignTransaction(toBase64(transaction))),
      })),
    );
  const wallet = {
    version: "1.0.0" as const,
    name: "Arcana Test Solana",
    icon: evmIcon,
    chains,
    get accounts() {
      return accounts;
    },
    get features() {
      return {
        "standard:connect": {
          version: "1.0.0",
          connect: async () => {
            if (page.__arcanaSolanaConnectGate) await page.__arcanaSolanaConnectGate;
            rejectIf("solana-connect");
            accounts = [account];
            changed();
            return { accounts };
          },
        },
        "standard:disconnect": {
          version: "1.0.0",
          disconnect: async () => {
            accounts = [];
            changed();
          },
        },
        "standard:events": {
          version: "1.0.0",
          on: (_event: "change", listener: Listener) => {
            changeListeners.push(listener);
            return () => changeListeners.splice(changeListeners.indexOf(listener), 1);
          },
        },
        "solana:signMessage": {
          version: "1.0.0",
          signMessage: async (...inputs: Array<{ message: Uint8Array }>) => {
            rejectIf("sign");
            return Promise.all(
              inputs.map(async ({ message }) => ({
                signedMessage: message,
                signature: fromBase64(await page.__arcanaSolanaSignMessage(toBase64(message))),
              })),
            );
          },
        },
        "solana:signTransaction": {
          version: "1.0.0",
          supportedTransactionVersions: ["legacy", 0],
          signTransaction,
        },
        "solana:signAndSendTransaction": {
          version: "1.0.0",
          supportedTransactionVersions: ["legacy", 0],
          signAndSendTransaction: async () => {
            throw new Error("The test wallet has no Solana cluster to send to.");
          },
        },
      };
    },
  };
  const register = (api: { register(wallet: unknown): unknown }) => api.register(wallet);
  window.addEventListener("wallet-standard:app-ready", (event) =>
    register((event as CustomEvent<{ register(wallet: unknown): unknown }>).detail),
  );
  window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: register }));
}
