import { type Address, getAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { customChainId, normalizedKey } from "./networks";

export interface DeployTarget {
  /** `--network`'s name. */
  network: string;
  /** The chain id the network is configured for (undefined: any). */
  configuredChainId: number | undefined;
  /** The chain id its RPC answers. */
  rpcChainId: number;
  /** The account the deploy would send from. */
  deployer: Address;
  env: Record<string, string | undefined>;
}

/** What the environment must say before `--network custom` is used; checked before any RPC call. */
export function customNetworkProblems(network: string, env: Record<string, string | undefined>): string[] {
  if (network !== "custom") return [];
  const problems: string[] = [];
  if (!env.CUSTOM_RPC_URL) problems.push("CUSTOM_RPC_URL: is required with --network custom (the chain's RPC URL)");
  if (customChainId(env) === undefined) {
    problems.push(
      `CUSTOM_CHAIN_ID: is required with --network custom, a positive whole number (the chain id the RPC must answer)${env.CUSTOM_CHAIN_ID ? `; got "${env.CUSTOM_CHAIN_ID}"` : ""}`,
    );
  }
  return problems;
}

/**
 * Why a deploy must not run: a DEPLOYER_PRIVATE_KEY that the network would not use (so the contracts'
 * owner would silently be another account), or an RPC that answers another chain than the network's.
 */
export function deployTargetProblems(target: DeployTarget): string[] {
  const problems: string[] = [];
  const key = target.env.DEPLOYER_PRIVATE_KEY;
  if (key) {
    let keyAddress: Address | null = null;
    try {
      keyAddress = privateKeyToAccount(normalizedKey(key)).address;
    } catch {
      problems.push("DEPLOYER_PRIVATE_KEY: is not a private key (0x followed by 64 hex characters)");
    }
    if (keyAddress && getAddress(target.deployer) !== keyAddress) {
      problems.push(
        `DEPLOYER_PRIVATE_KEY: is set (address ${keyAddress}) but network "${target.network}" would deploy from ${getAddress(target.deployer)}; ` +
          `the contracts' owner would not be your key. Use --network localhost, custom or a live network, or unset DEPLOYER_PRIVATE_KEY`,
      );
    }
  }
  if (target.configuredChainId !== undefined && target.configuredChainId !== target.rpcChainId) {
    problems.push(
      `network "${target.network}" expects chain id ${target.configuredChainId} but its RPC answers chain id ${target.rpcChainId}: wrong RPC URL${target.network === "custom" ? " or CUSTOM_CHAIN_ID" : ""}`,
    );
  }
  return problems;
}

/** The chain id an RPC URL answers (`eth_chainId`), asked directly so a wrong RPC is named before anything is sent. */
export async function rpcChainId(url: string): Promise<number> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new Error(`the RPC at ${url} does not answer (${(error as Error).message})`);
  }
  const body = (await response.json().catch(() => null)) as { result?: unknown } | null;
  if (!response.ok || typeof body?.result !== "string") {
    throw new Error(`the RPC at ${url} did not answer eth_chainId (HTTP ${response.status})`);
  }
  return Number(BigInt(body.result));
}
