import { Keypair } from "@solana/web3.js";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testConfig, testT } from "../test/fixtures";
import { useToastStore } from "../ui/toast-store";
import { type SolanaActions, SolanaRuntime } from "./solana-runtime";
import { initialSolana, solanaWalletNameKey, useWalletStore } from "./wallet-store";

const config = testConfig();

type Listener = (properties: { accounts: unknown[] }) => void;

/** A controllable wallet-standard Solana wallet: counts connects, can hold a connect or disconnect open. */
function fakeWallet(name: string) {
  const chains = ["solana:mainnet"] as const;
  const features = ["solana:signTransaction", "solana:signMessage"] as const;
  const accountFor = (keypair: Keypair) =>
    Object.freeze({ address: keypair.publicKey.toBase58(), publicKey: keypair.publicKey.toBytes(), chains, features });
  let accounts: ReturnType<typeof accountFor>[] = [];
  const listeners: Listener[] = [];
  const changed = () => {
    for (const listener of listeners) listener({ accounts });
  };
  const state = {
    connects: 0,
    connectGate: null as Promise<void> | null,
    disconnectGate: null as Promise<void> | null,
  };
  const first = Keypair.generate();
  const wallet = {
    version: "1.0.0" as const,
    name,
    icon: "data:image/svg+xml;base64,PHN2Zy8+" as const,
    chains,
    get accounts() {
      return accounts;
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          state.connects += 1;
          if (state.connectGate) await state.connectGate;
          accounts = [accountFor(first)];
          changed();
          return { accounts };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        disconnect: async () => {
          if (state.disconnectGate) await state.disconnectGate;
          accounts = [];
          changed();
        },
      },
      "standard:events": {
        version: "1.0.0",
        on: (_event: "change", listener: Listener) => {
          listeners.push(listener);
          return () => listeners.splice(listeners.indexOf(listener), 1);
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: async () => [],
      },
      "solana:signMessage": { version: "1.0.0", signMessage: async () => [] },
    },
  };
  let unregister: () => void = () => {};
  window.dispatchEvent(
    Object.assign(new Event("wallet-standard:register-wallet"), {
      detail: (api: { register(wallet: unknown): () => void }) => {
        unregister = api.register(wallet);
      },
    }),
  );
  return {
    state,
    firstKey: first.publicKey.toBase58(),
    /** The wallet itself switches to another account, as a member would in the extension. */
    switchAccount(keypair: Keypair) {
      accounts = [accountFor(keypair)];
      changed();
    },
    /** The wallet drops the connection on its own (locked, revoked). */
    dropAccount() {
      accounts = [];
      changed();
    },
    unregister: () => unregister(),
  };
}

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

async function mountRuntime(): Promise<() => SolanaActions> {
  let actions = null as SolanaActions | null;
  render(
    <SolanaRuntime
      config={config}
      onActions={(ready) => {
        actions = ready;
      }}
    />,
  );
  await waitFor(() => expect(actions).not.toBeNull());
  return () => {
    if (!actions) throw new Error("The Solana runtime has not reported its actions.");
    return actions;
  };
}

const solana = () => useWalletStore.getState().solana;
/** The toasts as an English page says them. */
const toasts = () =>
  useToastStore
    .getState()
    .toasts.map((toast) => (typeof toast.message === "function" ? toast.message(testT()) : toast.message));

async function selectAndWait(actions: () => SolanaActions, name: string) {
  act(() => actions().selectSolanaWallet(name));
  await waitFor(() => expect(solana().walletName).toBe(name));
}

beforeEach(() => {
  localStorage.clear();
  useWalletStore.setState({ solana: initialSolana });
  useToastStore.setState({ toasts: [] });
});
afterEach(() => cleanup());

describe("Solana connect rules (spec §4)", () => {
  it("raises WalletNotSelectedError when nothing is chosen, and says so in a toast", async () => {
    const actions = await mountRuntime();
    await expect(actions().connectSolana()).rejects.toMatchObject({ name: "WalletNotSelectedError" });
    await waitFor(() => expect(toasts()).toContain("Choose a wallet first. (WalletNotSelectedError)"));
  });

  it("raises WalletNotReadyError for a wallet that is not installed", async () => {
    const actions = await mountRuntime();
    await selectAndWait(actions, "Phantom");
    expect(solana().wallets.find((wallet) => wallet.name === "Phantom")?.readyState).toBe("NotDetected");
    await expect(actions().connectSolana()).rejects.toMatchObject({ name: "WalletNotReadyError" });
    expect(solana().connected).toBe(false);
  });

  it("does nothing when asked to connect while connecting or already connected", async () => {
    const wallet = fakeWallet("Rules Wallet A");
    const actions = await mountRuntime();
    const held = gate();
    wallet.state.connectGate = held.promise;
    // Choosing an installed wallet connects it at once (auto-connect).
    await selectAndWait(actions, "Rules Wallet A");
    await waitFor(() => expect(solana().connecting).toBe(true));
    await act(() => actions().connectSolana());
    expect(wallet.state.connects).toBe(1);

    held.open();
    await waitFor(() => expect(solana().connected).toBe(true));
    expect(solana().publicKey).toBe(wallet.firstKey);
    await act(() => actions().connectSolana());
    expect(wallet.state.connects).toBe(1);
    wallet.unregister();
  });

  it("does nothing when asked to connect while disconnecting", async () => {
    const wallet = fakeWallet("Rules Wallet B");
    const actions = await mountRuntime();
    await selectAndWait(actions, "Rules Wallet B");
    await waitFor(() => expect(solana().connected).toBe(true));

    const held = gate();
    wallet.state.disconnectGate = held.promise;
    let disconnected: Promise<void> = Promise.resolve();
    act(() => {
      disconnected = actions().disconnectSolana();
    });
    await waitFor(() => expect(solana().disconnecting).toBe(true));
    await act(() => actions().connectSolana());
    expect(wallet.state.connects).toBe(1);
    held.open();
    await act(() => disconnected);
    await waitFor(() => expect(solana().connected).toBe(false));
    wallet.unregister();
  });

  it("raises WalletDisconnectedError and disconnects when the wallet drops the account by itself", async () => {
    const wallet = fakeWallet("Rules Wallet C");
    const actions = await mountRuntime();
    await selectAndWait(actions, "Rules Wallet C");
    await waitFor(() => expect(solana().connected).toBe(true));

    act(() => wallet.dropAccount());
    await waitFor(() => expect(solana().connected).toBe(false));
    expect(solana().publicKey).toBeNull();
    expect(toasts()).toContain("The wallet disconnected. (WalletDisconnectedError)");
    wallet.unregister();
  });

  it("reconnects with the new key when the wallet's account changes", async () => {
    const wallet = fakeWallet("Rules Wallet D");
    const actions = await mountRuntime();
    await selectAndWait(actions, "Rules Wallet D");
    await waitFor(() => expect(solana().publicKey).toBe(wallet.firstKey));

    const next = Keypair.generate();
    act(() => wallet.switchAccount(next));
    await waitFor(() => expect(solana().publicKey).toBe(next.publicKey.toBase58()));
    expect(solana().connected).toBe(true);
    expect(wallet.state.connects).toBe(1);
    expect(localStorage.getItem(solanaWalletNameKey)).toBe(JSON.stringify("Rules Wallet D"));
    wallet.unregister();
  });
});
