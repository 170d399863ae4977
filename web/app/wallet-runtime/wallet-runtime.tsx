// First: the Solana libraries below need the Buffer global while they load (only these chunks pay for it).
import "./buffer-polyfill";
import type { PublicConfig } from "@arcana/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Config, Connector, State } from "wagmi";
import { cookieToInitialState, Hydrate } from "wagmi";
import {
  connect,
  disconnect,
  getConnection,
  getConnectors,
  signMessage,
  signTypedData,
  waitForTransactionReceipt,
  watchConnection,
  watchConnectors,
} from "wagmi/actions";
import { useRootData } from "../lib/root-data";
import { switchToChain, writeContractAndWait } from "./evm-chain";
import { createEvmConfig } from "./evm-config";
import { type SolanaActions, SolanaRuntime } from "./solana-runtime";
import { showWalletError } from "./wallet-errors";
import {
  disconnectedEvm,
  type EvmWalletState,
  useWalletStore,
  type WalletRuntime as WalletActions,
  type WalletOption,
} from "./wallet-store";

const genericWalletIcon =
  "data:image/svg+xml;base64," +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2a2560"/><rect x="6" y="10" width="20" height="14" rx="3" fill="none" stroke="#c9c3ff" stroke-width="2"/><circle cx="21" cy="17" r="1.6" fill="#c9c3ff"/></svg>',
  );

/** How ready each EVM connector is, in the Solana adapter's terms so one modal fits both. */
function evmOption(connector: Connector): WalletOption {
  const announced = connector.type === "injected" && connector.id !== "injected";
  const readyState =
    connector.type === "burner" || announced
      ? "Installed"
      : connector.id === "injected"
        ? typeof window !== "undefined" && "ethereum" in window
          ? "Installed"
          : "NotDetected"
        : "Loadable";
  return {
    id: connector.uid,
    name: connector.id === "injected" ? "Browser Wallet" : connector.name,
    icon: connector.icon ?? genericWalletIcon,
    // Where a member without any browser wallet finds one.
    url: connector.id === "injected" ? "https://ethereum.org/wallets/find-wallet/" : "",
    readyState,
  };
}

function evmState(config: Config): EvmWalletState {
  const connection = getConnection(config);
  if (connection.status === "disconnected") return disconnectedEvm;
  return {
    status: connection.status,
    address: connection.address ?? null,
    chainId: connection.chainId ?? null,
    connectorName: connection.connector?.name ?? null,
  };
}

/**
 * Loaded on demand: sets up wagmi (hydrated from its cookie, reconnecting the last-used connector
 * first) and the Solana adapters, mirrors both into the wallet store and registers the actions.
 */
export default function WalletRuntime({ config: configProp }: { config: PublicConfig }) {
  // Every navigation revalidates the root loader and hands in an equal but new config object; a new
  // object must not rebuild wagmi (that would drop the connection), and the config cannot change
  // while the page lives.
  const [config] = useState(configProp);
  const siteName = useRootData()?.siteName ?? "";
  const solanaActions = useRef<SolanaActions | null>(null);
  const evm = useRef<Config | null>(null);
  const [evmSetup, setEvmSetup] = useState<{ config: Config; initialState: State | undefined } | null>(null);

  const publish = useCallback(() => {
    const wagmi = evm.current;
    const solana = solanaActions.current;
    if (!wagmi || !solana) return;
    const runtime: WalletActions = {
      ...solana,
      connectEvm: async (connectorId) => {
        const connector = getConnectors(wagmi).find((candidate) => candidate.uid === connectorId);
        if (!connector) throw new Error("That wallet is not available.");
        await connect(wagmi, { connector });
      },
      disconnectEvm: () => disconnect(wagmi),
      switchEvmChain: async (chainId) => {
        await switchToChain(wagmi, chainId);
      },
      signEvmMessage: (message) => signMessage(wagmi, { message }),
      writeContract: (write) => writeContractAndWait(wagmi, write),
      signEvmTypedData: (typedData) => signTypedData(wagmi, typedData as Parameters<typeof signTypedData>[1]),
      waitForEvmReceipt: (chainId, hash) => waitForTransactionReceipt(wagmi, { chainId, hash }),
    };
    useWalletStore.setState({ runtime });
  }, []);

  const onSolanaActions = useCallback(
    (actions: SolanaActions) => {
      solanaActions.current = actions;
      publish();
    },
    [publish],
  );

  useEffect(() => {
    let cancelled = false;
    const cleanups: Array<() => void> = [];
    // Read before wagmi starts: creating its config writes a fresh, empty state over the cookie.
    const cookie = document.cookie;
    createEvmConfig(config, siteName).then(
      (wagmi) => {
        if (cancelled) return;
        evm.current = wagmi;
        cleanups.push(
          // Only changes are mirrored: until wagmi hydrates, the page keeps the cookie's state (no "Connect" flash).
          watchConnection(wagmi, { onChange: () => useWalletStore.setState({ evm: evmState(wagmi), evmLive: true }) }),
          watchConnectors(wagmi, {
            onChange: (connectors) => useWalletStore.setState({ evmWallets: connectors.map(evmOption) }),
          }),
        );
        useWalletStore.setState({ evmWallets: getConnectors(wagmi).map(evmOption) });
        setEvmSetup({ config: wagmi, initialState: cookieToInitialState(wagmi, cookie) });
        publish();
      },
      (error: unknown) => showWalletError(error),
    );
    return () => {
      cancelled = true;
      for (const cleanup of cleanups) cleanup();
    };
  }, [config, publish, siteName]);

  return (
    <>
      {evmSetup && (
        // Restores the cookie's state, then reconnects, trying the last-used connector first. With
        // nothing remembered there is nothing to reconnect: wagmi would flip to "connecting" while
        // it asks every wallet, disabling "Connect Wallet" under the member's cursor.
        <Hydrate
          config={evmSetup.config}
          initialState={evmSetup.initialState}
          reconnectOnMount={Boolean(evmSetup.initialState?.current)}
        >
          {null}
        </Hydrate>
      )}
      <SolanaRuntime config={config} onActions={onSolanaActions} />
    </>
  );
}
