import { forwarderDomain, forwardRequestTypes } from "@arcana/contracts";
import type { ChainSponsorship, RelayFailure, RelayStatus, SponsoredAction } from "@arcana/protocol";
import { MAX_RELAY_DEADLINE_SECONDS, sponsoredGas } from "@arcana/protocol";
import { getRelayRoute, getSponsorshipRoute, relayRoute } from "@arcana/protocol/calls";
import { type Abi, encodeFunctionData, type Hex, type TransactionReceipt } from "viem";
import { api } from "../lib/api";
import type { ContractWrite } from "./evm-chain";

/** How long a signed request stays valid: well inside the relayer's 10 minutes, whatever the clocks say. */
const requestLifetimeSeconds = MAX_RELAY_DEADLINE_SECONDS / 2;

/** Where a sponsored write is: signed by the member, sent by Arcana's relayer, mined, credited. */
export type RelayStep = "signing" | "signed" | "sent" | "confirmed" | "credited";

export interface RelayProgress {
  step: RelayStep;
  chainId: number;
  txHash: Hex | null;
}

/** The relayer reported the sponsored transaction failed: `reason` in the server's words, `failure` its code. */
export class RelayFailedError extends Error {
  constructor(
    readonly reason: string,
    readonly failure: RelayFailure | null = null,
  ) {
    super(`The free transaction did not go through: ${reason}`);
    this.name = "RelayFailedError";
  }
}

/** The relay was accepted but is not mined yet after minutes of waiting: it still goes out, later. */
export class RelayStillPendingError extends Error {
  constructor() {
    super("Arcana has your signed request and sends it as soon as it can; check again in a few minutes.");
    this.name = "RelayStillPendingError";
  }
}

/** Sponsorship on a chain for an action, when it is on and usable now; null otherwise. */
export function usableSponsorship(
  chains: ChainSponsorship[],
  chainId: number,
  action: SponsoredAction,
): (ChainSponsorship & { forwarder: Hex; next_nonce: string }) | null {
  const chain = chains.find((candidate) => candidate.chain_id === chainId);
  if (!chain?.enabled || !chain.actions.includes(action) || chain.left_today <= 0) return null;
  if (!chain.forwarder || chain.next_nonce === null) return null;
  return { ...chain, forwarder: chain.forwarder, next_nonce: chain.next_nonce };
}

/** Asks Arcana now (never a cached answer) whether this write would be sponsored. */
export async function currentSponsorship(chainId: number, action: SponsoredAction) {
  const { chains } = await api(getSponsorshipRoute, {});
  return usableSponsorship(chains, chainId, action);
}

export interface SponsoredWriteDeps {
  /** The member's bound wallet, connected: it signs the request. */
  from: Hex;
  signTypedData: (typedData: {
    domain: { name: string; version: string; chainId: number; verifyingContract: Hex };
    types: typeof forwardRequestTypes;
    primaryType: "ForwardRequest";
    message: { from: Hex; to: Hex; value: bigint; gas: bigint; nonce: bigint; deadline: number; data: Hex };
  }) => Promise<Hex>;
  waitForReceipt: (chainId: number, hash: Hex) => Promise<TransactionReceipt>;
  onProgress: (progress: RelayProgress) => void;
  /** Milliseconds between relay status checks; tests pass 0. */
  pollMs?: number;
  /** Checks before giving up waiting (the relay still goes out later). */
  maxPolls?: number;
  now?: () => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A contract write the operator pays for: the member's wallet signs an EIP-712 ForwardRequest (no gas,
 * no transaction), Arcana relays it through the chain's ERC-2771 forwarder, and this follows the relay
 * until it is mined (and, for a check-in or tarot record, credited).
 */
export async function sendSponsored(
  write: ContractWrite<Abi, string>,
  sponsorship: { forwarder: Hex; next_nonce: string },
  action: SponsoredAction,
  deps: SponsoredWriteDeps,
): Promise<{ receipt: TransactionReceipt; relay: RelayStatus }> {
  const chainId = write.chainId;
  const report = (step: RelayStep, txHash: Hex | null = null) => deps.onProgress({ step, chainId, txHash });
  const message = {
    from: deps.from,
    to: write.address,
    value: 0n,
    // Within the relayer's bound for the action: both come from protocol's `sponsoredGas`.
    gas: BigInt(sponsoredGas[action].signed),
    nonce: BigInt(sponsorship.next_nonce),
    deadline: Math.floor((deps.now ?? Date.now)() / 1000) + requestLifetimeSeconds,
    data: encodeFunctionData({ abi: write.abi, functionName: write.functionName, args: write.args } as never),
  };
  report("signing");
  const signature = await deps.signTypedData({
    domain: { ...forwarderDomain, chainId, verifyingContract: sponsorship.forwarder },
    types: forwardRequestTypes,
    primaryType: "ForwardRequest",
    message,
  });
  report("signed");
  const accepted = await api(relayRoute, {
    body: {
      chain_id: chainId,
      request: {
        ...message,
        value: message.value.toString(),
        gas: message.gas.toString(),
        nonce: message.nonce.toString(),
      },
      signature,
    },
  });
  const credits = action === "check_in" || action === "record_tarot";
  const pollMs = deps.pollMs ?? 1000;
  let receipt: TransactionReceipt | null = null;
  for (let poll = 0; poll < (deps.maxPolls ?? 180); poll++) {
    const relay = await api(getRelayRoute, { params: { relay_id: accepted.relay_id } });
    if (relay.state === "failed") {
      throw new RelayFailedError(relay.failure_reason ?? "the transaction failed.", relay.failure);
    }
    if (relay.tx_hash && relay.state !== "queued") report("sent", relay.tx_hash);
    if (relay.state === "confirmed" && relay.tx_hash) {
      receipt ??= await deps.waitForReceipt(chainId, relay.tx_hash);
      report("confirmed", relay.tx_hash);
      if (!credits || relay.credited) {
        if (relay.credited) report("credited", relay.tx_hash);
        return { receipt, relay };
      }
    }
    await sleep(pollMs);
  }
  throw new RelayStillPendingError();
}
