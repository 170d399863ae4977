import type { PublicConfig } from "@arcana/protocol";
import {
  type Adapter,
  WalletAdapterNetwork,
  type WalletError,
  WalletNotConnectedError,
} from "@solana/wallet-adapter-base";
import { CloverWalletAdapter } from "@solana/wallet-adapter-clover";
import { PhantomWalletAdapter } from "@solana/wallet-adapter-phantom";
import { ConnectionProvider, useWallet, WalletProvider } from "@solana/wallet-adapter-react";
import { SolflareWalletAdapter } from "@solana/wallet-adapter-solflare";
import { clusterApiUrl } from "@solana/web3.js";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { burnerAllowed } from "./evm-config";
import { SolanaBurnerAdapter } from "./solana-burner";
import { registerSolflareSnap } from "./solflare-snap";
import { showWalletError } from "./wallet-errors";
import { solanaWalletNameKey, useWalletStore, type WalletRuntime } from "./wallet-store";

export type SolanaActions = Pick<
  WalletRuntime,
  "selectSolanaWallet" | "connectSolana" | "disconnectSolana" | "signSolanaMessage"
>;

/** Mirrors the adapter's state into the wallet store and hands the Solana actions up. */
function SolanaBridge({ onActions }: { onActions: (actions: SolanaActions) => void }) {
  const wallet = useWallet();
  const latest = useRef(wallet);
  latest.current = wallet;

  useEffect(() => {
    onActions({
      selectSolanaWallet: (name) => latest.current.select(name as Adapter["name"]),
      connectSolana: () => latest.current.connect(),
      disconnectSolana: () => latest.current.disconnect(),
      signSolanaMessage: async (message) => {
        const { signMessage, connected } = latest.current;
        if (!connected) throw new WalletNotConnectedError();
        if (!signMessage) {
          const error = new Error("This wallet cannot sign messages.");
          error.name = "WalletSignMessageError";
          throw error;
        }
        return signMessage(message);
      },
    });
  }, [onActions]);

  const { wallets, wallet: chosen, connecting, connected, disconnecting, publicKey } = wallet;
  useEffect(() => {
    useWalletStore.setState({
      solana: {
        wallets: wallets.map(({ adapter, readyState }) => ({
          id: adapter.name,
          name: adapter.name,
          icon: adapter.icon,
          url: adapter.url,
          readyState,
        })),
        walletName: chosen?.adapter.name ?? null,
        connecting,
        connected,
        disconnecting,
        publicKey: publicKey?.toBase58() ?? null,
      },
    });
  }, [wallets, chosen, connecting, connected, disconnecting, publicKey]);
  return null;
}

/**
 * The Solana side: Phantom, Solflare (Devnet, as the spec configures it) and Clover, plus every
 * wallet-standard wallet the browser announces, and in development the Solana burner (where the EVM burner is offered);
 * auto-connect on; the chosen wallet remembered.
 */
export function SolanaRuntime({
  config,
  onActions,
  children,
}: {
  config: PublicConfig;
  onActions: (actions: SolanaActions) => void;
  children?: ReactNode;
}) {
  const endpoint = useMemo(() => clusterApiUrl(config.solana_cluster), [config.solana_cluster]);
  // Solflare inside MetaMask joins the wallet-standard wallets once MetaMask says it runs snaps.
  useEffect(() => {
    registerSolflareSnap().catch(showWalletError);
  }, []);
  const adapters = useMemo(
    () => [
      new PhantomWalletAdapter(),
      new SolflareWalletAdapter({ network: WalletAdapterNetwork.Devnet }),
      new CloverWalletAdapter(),
      ...(burnerAllowed(config) ? [new SolanaBurnerAdapter()] : []),
    ],
    [config],
  );
  return (
    <ConnectionProvider endpoint={endpoint}>
      <WalletProvider
        wallets={adapters}
        autoConnect
        localStorageKey={solanaWalletNameKey}
        onError={(error: WalletError) => showWalletError(error)}
      >
        <SolanaBridge onActions={onActions} />
        {children}
      </WalletProvider>
    </ConnectionProvider>
  );
}
