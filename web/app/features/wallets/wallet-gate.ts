import type { PublicChain, User } from "@arcana/protocol";
import { sameEvmAddress } from "@arcana/protocol/address";
import { useRootData } from "../../lib/root-data";
import { useTargetNetwork } from "../../wallet-runtime/target-network";
import { type EvmWalletState, useEvmWallet } from "../../wallet-runtime/wallet-store";
import { useMember } from "../account/use-member";

/**
 * Whether the member can send a transaction with their wallet on the target chain now, and if not,
 * the first thing in the way. Every panel that writes on chain (mint, stake, check-in, tarot) asks
 * this, in this order: signed in, a wallet bound, that wallet connected, on the bound account, on the
 * target network. `wrong-network` still lets the write go: the write switches the wallet first.
 */
export type WalletGate =
  | { status: "sign-in" }
  | { status: "not-bound" }
  | { status: "not-connected"; pending: "connecting" | "reconnecting" | null }
  | { status: "wrong-account"; connected: string; bound: string }
  | { status: "wrong-network"; address: string; expected: string; received: string }
  | { status: "ready"; address: string };

export interface WalletGateInputs {
  member: Pick<User, "wallet_address"> | null;
  wallet: Pick<EvmWalletState, "status" | "address" | "chainId">;
  target: Pick<PublicChain, "id" | "name"> | null;
  chains: Pick<PublicChain, "id" | "name">[];
}

export function walletGate({ member, wallet, target, chains }: WalletGateInputs): WalletGate {
  if (!member) return { status: "sign-in" };
  const bound = member.wallet_address;
  if (!bound) return { status: "not-bound" };
  if (wallet.status !== "connected" || !wallet.address) {
    const pending = wallet.status === "connecting" || wallet.status === "reconnecting" ? wallet.status : null;
    return { status: "not-connected", pending };
  }
  if (!sameEvmAddress(wallet.address, bound)) return { status: "wrong-account", connected: wallet.address, bound };
  if (target && wallet.chainId !== null && wallet.chainId !== target.id) {
    const received = chains.find((chain) => chain.id === wallet.chainId)?.name ?? `chain ${wallet.chainId}`;
    return { status: "wrong-network", address: wallet.address, expected: target.name, received };
  }
  return { status: "ready", address: wallet.address };
}

/** Whether a write can be sent now (on the wrong network, the write switches the wallet first). */
export function canWrite(gate: WalletGate): gate is Extract<WalletGate, { status: "ready" | "wrong-network" }> {
  return gate.status === "ready" || gate.status === "wrong-network";
}

/** The wallet gate for the signed-in member, their EVM wallet and the target network. */
export function useWalletGate(): WalletGate {
  const member = useMember();
  const root = useRootData();
  const wallet = useEvmWallet(root?.evmWallet);
  const [target] = useTargetNetwork();
  return walletGate({ member, wallet, target, chains: root?.config.chains ?? [] });
}
