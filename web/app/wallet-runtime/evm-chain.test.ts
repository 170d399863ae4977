import type { PublicConfig } from "@arcana/protocol";
import { defineChain, type EIP1193Provider, parseAbi } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { createConfig, http, injected } from "wagmi";
import { connect, disconnect, getConnection } from "wagmi/actions";
import { testChain, testConfig, testT } from "../test/fixtures";
import { ChainMismatchError, ChainNotConfiguredError, switchToChain, writeContractAndWait } from "./evm-chain";
import { createEvmConfig } from "./evm-config";
import { walletErrorMessage } from "./wallet-errors";

const local = defineChain({
  id: 31337,
  name: "Local chain",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:1"] } },
});
const opBnb = defineChain({
  id: 204,
  name: "opBNB",
  nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:2"] } },
});

type Failure = { code: number; message: string };

/** An injected wallet that knows `known` chains and can be told to fail the next switch. */
function fakeProvider(known: number[]) {
  const calls: string[] = [];
  let chainId = known[0] ?? 1;
  const chains = new Set(known);
  const state: { failSwitch: Failure | null } = { failSwitch: null };
  const listeners: Record<string, Array<(value: unknown) => void>> = {};
  const fail = ({ code, message }: Failure) => Object.assign(new Error(message), { code });
  const request = async ({ method, params }: { method: string; params?: unknown[] }) => {
    calls.push(method);
    const target = () => Number.parseInt((params?.[0] as { chainId?: string } | undefined)?.chainId ?? "", 16);
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return ["0x00000000000000000000000000000000000000a1"];
      case "eth_chainId":
        return `0x${chainId.toString(16)}`;
      case "wallet_switchEthereumChain": {
        if (state.failSwitch) throw fail(state.failSwitch);
        if (!chains.has(target())) throw fail({ code: 4902, message: "Unrecognized chain ID." });
        chainId = target();
        for (const listener of listeners.chainChanged ?? []) listener(`0x${chainId.toString(16)}`);
        return null;
      }
      case "wallet_addEthereumChain":
        // Like MetaMask: adding a chain also switches to it.
        chains.add(target());
        chainId = target();
        for (const listener of listeners.chainChanged ?? []) listener(`0x${chainId.toString(16)}`);
        return null;
      default:
        throw fail({ code: 4200, message: `unsupported ${method}` });
    }
  };
  const provider: EIP1193Provider = {
    request: request as EIP1193Provider["request"],
    on(event: string, listener: (value: unknown) => void) {
      listeners[event] = [...(listeners[event] ?? []), listener];
    },
    removeListener(event: string, listener: (value: unknown) => void) {
      listeners[event] = (listeners[event] ?? []).filter((candidate) => candidate !== listener);
    },
  };
  return { provider, calls, state };
}

async function connectedWallet(known: number[]) {
  const wallet = fakeProvider(known);
  const config = createConfig({
    chains: [local, opBnb],
    connectors: [injected({ target: () => ({ id: "fake", name: "Fake Wallet", provider: wallet.provider }) })],
    storage: null,
    multiInjectedProviderDiscovery: false,
    transports: { [local.id]: http(), [opBnb.id]: http() },
  });
  const [connector] = config.connectors;
  await connect(config, { connector: connector as NonNullable<typeof connector> });
  return { config, ...wallet };
}

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe("switching the wallet's chain (spec §5)", () => {
  it("refuses a chain Arcana is not configured for without asking the wallet", async () => {
    const { config, calls } = await connectedWallet([31337]);
    cleanup = () => disconnect(config);
    const before = calls.length;
    await expect(switchToChain(config, 56)).rejects.toBeInstanceOf(ChainNotConfiguredError);
    expect(calls.length).toBe(before);
  });

  it("adds a chain the wallet lacks (4902), which puts the wallet on it", async () => {
    const { config, calls } = await connectedWallet([31337]);
    cleanup = () => disconnect(config);
    const before = calls.length;
    const chain = await switchToChain(config, 204);
    expect(chain.id).toBe(204);
    expect(calls.slice(before).filter((method) => method.startsWith("wallet_"))).toEqual([
      "wallet_switchEthereumChain",
      "wallet_addEthereumChain",
    ]);
    expect(getConnection(config).chainId).toBe(204);
  });

  it("passes a declined switch (4001) and a pending request (-32002) on with their messages", async () => {
    const { config, state } = await connectedWallet([31337, 204]);
    cleanup = () => disconnect(config);
    state.failSwitch = { code: 4001, message: "User rejected the request." };
    const declined = await switchToChain(config, 204).catch((error: unknown) => error);
    expect(walletErrorMessage(declined, testT())).toBe("Request rejected: you declined it in your wallet.");
    state.failSwitch = { code: -32002, message: "Request already pending." };
    const pending = await switchToChain(config, 204).catch((error: unknown) => error);
    expect(walletErrorMessage(pending, testT())).toBe(
      "A request is already open in your wallet. Open your wallet to finish or dismiss it.",
    );
  });
});

describe("a contract write on the wrong chain (spec §8)", () => {
  it("raises 'Chain mismatch: Expected X, received Y.' before the wallet is asked", async () => {
    const { config, calls } = await connectedWallet([31337, 204]);
    cleanup = () => disconnect(config);
    const before = calls.length;
    const write = writeContractAndWait(config, {
      chainId: 204,
      address: "0x00000000000000000000000000000000000000b2",
      abi: parseAbi(["function checkIn()"]),
      functionName: "checkIn",
    });
    await expect(write).rejects.toBeInstanceOf(ChainMismatchError);
    await expect(write).rejects.toThrow("Chain mismatch: Expected opBNB, received Local chain.");
    expect(calls.length).toBe(before);
  });
});

describe("the EVM connectors (Wallets)", () => {
  const base = testConfig({
    environment: "development",
    default_chain_id: 31337,
    chains: [testChain(), testChain({ id: 204, key: "opBNB", name: "opBNB" })],
  });
  const names = async (config: PublicConfig) => (await createEvmConfig(config, "Arcana")).connectors.map((c) => c.name);

  it("offers the injected wallet, Coinbase Wallet and, in development with the local chain, the burner", async () => {
    expect(await names(base)).toEqual(["Injected", "Coinbase Wallet", "Burner Wallet"]);
  });

  it("never offers the burner in production, and WalletConnect only with a project id", async () => {
    const production = { ...base, environment: "production" as const };
    expect(await names(production)).toEqual(["Injected", "Coinbase Wallet"]);
    expect(await names({ ...production, walletconnect_project_id: "0123456789abcdef" })).toEqual([
      "Injected",
      "Coinbase Wallet",
      "WalletConnect",
    ]);
  });
});
