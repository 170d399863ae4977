import type { Pass, PublicChain, User } from "@arcana/protocol";
import { sameEvmAddress } from "@arcana/protocol/address";
import type { EvmWalletState } from "../../wallet-runtime/wallet-store";

/** What the mint card offers the member right now, from the first thing standing in the way. */
export type MintStep =
  | { kind: "visitor" }
  | { kind: "bind-wallet" }
  | { kind: "checking" }
  | { kind: "check-failed" }
  | { kind: "minted"; tokenId: number }
  | { kind: "not-allowlisted" }
  | { kind: "not-deployed"; chainName: string }
  | { kind: "connect-wallet"; connecting: boolean }
  | { kind: "wrong-account"; connected: string; bound: string }
  | {
      kind: "can-mint";
      /** The wallet's network when it is not the target: the mint switches it first. */
      mismatch: { expected: string; received: string } | null;
    };

export interface MintInputs {
  member: Pick<User, "wallet_address"> | null;
  /** Undefined while the allowlist answer is loading. */
  allowlisted: boolean | undefined;
  /** Undefined while the member's passes are loading. */
  passes: Pass[] | undefined;
  /** The allowlist or the passes could not be loaded. */
  failed: boolean;
  target: Pick<PublicChain, "id" | "name" | "contracts"> | null;
  chains: Pick<PublicChain, "id" | "name">[];
  wallet: Pick<EvmWalletState, "status" | "address" | "chainId">;
}

/**
 * The mint card's state machine. The server decides eligibility (allowlist, one pass per wallet
 * and chain); this only orders what the member must do first, so the card never offers a Mint
 * button that the server or the contract would refuse.
 */
export function mintStep(inputs: MintInputs): MintStep {
  const { member, target, wallet } = inputs;
  if (!member) return { kind: "visitor" };
  const bound = member.wallet_address;
  if (!bound) return { kind: "bind-wallet" };
  if (inputs.failed) return { kind: "check-failed" };
  if (inputs.allowlisted === undefined || inputs.passes === undefined) return { kind: "checking" };
  const held = target ? inputs.passes.find((pass) => pass.chain_id === target.id) : undefined;
  if (held) return { kind: "minted", tokenId: held.token_id };
  if (!inputs.allowlisted) return { kind: "not-allowlisted" };
  if (!target?.contracts.genesis_pass) return { kind: "not-deployed", chainName: target?.name ?? "this network" };
  if (wallet.status !== "connected" || !wallet.address) {
    return { kind: "connect-wallet", connecting: wallet.status === "connecting" || wallet.status === "reconnecting" };
  }
  if (!sameEvmAddress(wallet.address, bound)) return { kind: "wrong-account", connected: wallet.address, bound };
  const mismatch =
    wallet.chainId !== null && wallet.chainId !== target.id
      ? {
          expected: target.name,
          received: inputs.chains.find((chain) => chain.id === wallet.chainId)?.name ?? `chain ${wallet.chainId}`,
        }
      : null;
  return { kind: "can-mint", mismatch };
}

/** What keeps the member's wallet from sending a pass transaction: not connected, or another account. */
export type WalletBlocker = "connect" | "wrong-account" | null;

export function walletBlocker(wallet: Pick<EvmWalletState, "status" | "address">, bound: string | null): WalletBlocker {
  if (wallet.status !== "connected" || !wallet.address) return "connect";
  if (bound && !sameEvmAddress(wallet.address, bound)) return "wrong-account";
  return null;
}
