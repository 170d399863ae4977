import type { Abi, Address, Hex, TransactionReceipt, TypedDataDefinition } from "viem";
import { create } from "zustand";
import type { ContractWrite } from "./evm-chain";

/** Key under which the Solana wallet adapter keeps the chosen wallet (spec §3). */
export const solanaWalletNameKey = "walletName";

/** Mirrors wallet-adapter-base's WalletReadyState without loading it (spec §3). */
export type WalletReadiness = "Installed" | "Loadable" | "NotDetected" | "Unsupported";

/** One wallet a member may choose in a connect modal. */
export interface WalletOption {
  id: string;
  name: string;
  /** A data: URL (the adapters ship their icons inline). */
  icon: string;
  url: string;
  readyState: WalletReadiness;
}

export type EvmStatus = "disconnected" | "connecting" | "reconnecting" | "connected";

export interface EvmWalletState {
  status: EvmStatus;
  /** Checksummed. */
  address: Address | null;
  chainId: number | null;
  connectorName: string | null;
}

export interface SolanaWalletState {
  wallets: WalletOption[];
  /** The chosen wallet, kept under `walletName` in localStorage. */
  walletName: string | null;
  connecting: boolean;
  connected: boolean;
  disconnecting: boolean;
  /** Base58. */
  publicKey: string | null;
}

/** What the lazily loaded wallet stacks can do; the light UI calls these. */
export interface WalletRuntime {
  connectEvm(connectorId: string): Promise<void>;
  disconnectEvm(): Promise<void>;
  switchEvmChain(chainId: number): Promise<void>;
  signEvmMessage(message: string): Promise<`0x${string}`>;
  selectSolanaWallet(name: string): void;
  connectSolana(): Promise<void>;
  disconnectSolana(): Promise<void>;
  signSolanaMessage(message: Uint8Array): Promise<Uint8Array>;
  /** Simulate, write, wait (spec §7); throws ChainMismatchError on the wrong network. */
  writeContract(write: ContractWrite<Abi, string>): Promise<TransactionReceipt>;
  /** EIP-712 typed data signed by the connected EVM wallet (`eth_signTypedData_v4`): no gas, no transaction. */
  signEvmTypedData(typedData: TypedDataDefinition): Promise<Hex>;
  /** Waits for a transaction someone else sent (Arcana's relayer) to be mined. */
  waitForEvmReceipt(chainId: number, hash: Hex): Promise<TransactionReceipt>;
}

interface WalletStore {
  evm: EvmWalletState;
  /** False until wagmi reports: till then the server-rendered (cookie) state is shown. */
  evmLive: boolean;
  evmWallets: WalletOption[];
  solana: SolanaWalletState;
  runtime: WalletRuntime | null;
  /** Set once something needs the wallet stacks; the runtime host then loads them. */
  runtimeRequested: boolean;
  requestRuntime(): void;
}

export const disconnectedEvm: EvmWalletState = {
  status: "disconnected",
  address: null,
  chainId: null,
  connectorName: null,
};

export const initialSolana: SolanaWalletState = {
  wallets: [],
  walletName: null,
  connecting: false,
  connected: false,
  disconnecting: false,
  publicKey: null,
};

export const useWalletStore = create<WalletStore>()((set) => ({
  evm: disconnectedEvm,
  evmLive: false,
  evmWallets: [],
  solana: initialSolana,
  runtime: null,
  runtimeRequested: false,
  requestRuntime: () => set({ runtimeRequested: true }),
}));

/** Resolves with the wallet stacks, loading them first if nothing has yet. */
export function loadWalletRuntime(): Promise<WalletRuntime> {
  const { runtime, requestRuntime } = useWalletStore.getState();
  if (runtime) return Promise.resolve(runtime);
  requestRuntime();
  return new Promise((resolve) => {
    const unsubscribe = useWalletStore.subscribe((state) => {
      if (!state.runtime) return;
      unsubscribe();
      resolve(state.runtime);
    });
  });
}

/** The EVM wallet as the page should show it: wagmi's state once known, else the cookie's. */
export function useEvmWallet(fromCookie: EvmWalletState | undefined): EvmWalletState {
  const live = useWalletStore((state) => (state.evmLive ? state.evm : null));
  return live ?? fromCookie ?? disconnectedEvm;
}
