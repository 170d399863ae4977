import {
  type Abi,
  BaseError,
  type ContractFunctionArgs,
  type ContractFunctionName,
  ContractFunctionRevertedError,
  type TransactionReceipt,
} from "viem";
import type { Config } from "wagmi";
import { getConnection, simulateContract, switchChain, waitForTransactionReceipt, writeContract } from "wagmi/actions";

/** A contract write aimed at one chain while the wallet is on another (spec §5, §8). */
export class ChainMismatchError extends Error {
  constructor(
    readonly expected: { id: number; name: string },
    readonly received: { id: number; name: string },
  ) {
    super(`Chain mismatch: Expected ${expected.name}, received ${received.name}.`);
    this.name = "ChainMismatchError";
  }
}

/** The target chain is not one Arcana is configured for. */
export class ChainNotConfiguredError extends Error {
  constructor(chainId: number) {
    super(`Chain ${chainId} is not configured.`);
    this.name = "ChainNotConfiguredError";
  }
}

/** A mined transaction that reverted, carrying the decoded reason. */
export class TransactionRevertedError extends Error {
  constructor(
    readonly reason: string,
    readonly receipt: TransactionReceipt,
  ) {
    super(reason);
    this.name = "TransactionRevertedError";
  }
}

function chainName(config: Config, chainId: number): string {
  return config.chains.find((chain) => chain.id === chainId)?.name ?? `chain ${chainId}`;
}

/**
 * Asks the wallet to switch network. An unknown chain is refused before the wallet is asked; a
 * wallet that lacks the chain (4902) gets it added first (wagmi's connectors do this); 4001 and
 * -32002 reach the caller to be shown.
 */
export async function switchToChain(config: Config, chainId: number) {
  if (!config.chains.some((chain) => chain.id === chainId)) throw new ChainNotConfiguredError(chainId);
  const chain = config.chains.find((candidate) => candidate.id === chainId);
  return switchChain(config, {
    chainId,
    addEthereumChainParameter: chain
      ? {
          chainName: chain.name,
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: chain.rpcUrls.default.http,
          ...(chain.blockExplorers ? { blockExplorerUrls: [chain.blockExplorers.default.url] } : {}),
        }
      : undefined,
  } as Parameters<typeof switchChain>[1]);
}

/** The revert reason viem decoded from a failed call, or a general sentence. */
export function revertReason(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      return reverted.reason ?? reverted.data?.errorName ?? reverted.shortMessage;
    }
    return error.shortMessage;
  }
  return error instanceof Error ? error.message : "The transaction failed.";
}

export interface ContractWrite<
  abi extends Abi,
  functionName extends ContractFunctionName<abi, "nonpayable" | "payable">,
> {
  chainId: number;
  address: `0x${string}`;
  abi: abi;
  functionName: functionName;
  args?: ContractFunctionArgs<abi, "nonpayable" | "payable", functionName>;
  value?: bigint;
  /** Blocks to wait for; 1 by default (spec §7). */
  confirmations?: number;
  /** Milliseconds to wait for the receipt; 0 (the default) waits as long as it takes. */
  timeout?: number;
}

/**
 * Simulates, writes and waits for the receipt (spec §7). On the wrong chain it throws
 * ChainMismatchError before the wallet is asked; a reverted receipt throws its decoded reason.
 */
export async function writeContractAndWait<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, "nonpayable" | "payable">,
>(config: Config, write: ContractWrite<abi, functionName>): Promise<TransactionReceipt> {
  const connection = getConnection(config);
  if (connection.status !== "connected") {
    const error = new Error("Connect a wallet first.");
    error.name = "ConnectorNotConnectedError";
    throw error;
  }
  if (connection.chainId !== write.chainId) {
    throw new ChainMismatchError(
      { id: write.chainId, name: chainName(config, write.chainId) },
      { id: connection.chainId, name: chainName(config, connection.chainId) },
    );
  }
  const call = {
    chainId: write.chainId,
    address: write.address,
    abi: write.abi,
    functionName: write.functionName,
    args: write.args,
    value: write.value,
    account: connection.address,
  } as Parameters<typeof simulateContract>[1];
  let request: Parameters<typeof writeContract>[1];
  try {
    ({ request } = (await simulateContract(config, call)) as { request: Parameters<typeof writeContract>[1] });
  } catch (error) {
    throw new Error(revertReason(error), { cause: error });
  }
  const hash = await writeContract(config, request);
  const receipt = await waitForTransactionReceipt(config, {
    hash,
    chainId: write.chainId,
    confirmations: write.confirmations ?? 1,
    ...(write.timeout ? { timeout: write.timeout } : {}),
  });
  if (receipt.status === "reverted") {
    // Replaying the call at the block it failed in recovers the reason the receipt doesn't carry.
    const reason = await simulateContract(config, { ...call, blockNumber: receipt.blockNumber } as never).then(
      () => "The transaction reverted.",
      (error: unknown) => revertReason(error),
    );
    throw new TransactionRevertedError(reason, receipt);
  }
  return receipt;
}
