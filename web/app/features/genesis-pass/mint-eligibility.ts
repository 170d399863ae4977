import type { Pass, PublicChain, User } from "@arcana/protocol";
import type { EvmWalletState } from "../../wallet-runtime/wallet-store";
import { walletGate } from "../wallets/wallet-gate";

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
  const { target } = inputs;
  // The wallet's part is the wallet gate's (../wallets/wallet-gate.ts); the mint's own steps sit between.
  const gate = walletGate(inputs);
  if (gate.status === "sign-in") return { kind: "visitor" };
  if (gate.status === "not-bound") return { kind: "bind-wallet" };
  if (inputs.failed) return { kind: "check-failed" };
  if (inputs.allowlisted === undefined || inputs.passes === undefined) return { kind: "checking" };
  const held = target ? inputs.passes.find((pass) => pass.chain_id === target.id) : undefined;
  if (held) return { kind: "minted", tokenId: held.token_id };
  if (!inputs.allowlisted) return { kind: "not-allowlisted" };
  if (!target?.contracts.genesis_pass) return { kind: "not-deployed", chainName: target?.name ?? "this network" };
  switch (gate.status) {
    case "not-connected":
      return { kind: "connect-wallet", connecting: gate.pending !== null };
    case "wrong-account":
      return { kind: "wrong-account", connected: gate.connected, bound: gate.bound };
    case "wrong-network":
      return { kind: "can-mint", mismatch: { expected: gate.expected, received: gate.received } };
    case "ready":
      return { kind: "can-mint", mismatch: null };
  }
}
