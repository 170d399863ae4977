import { genesisPassAbi } from "@arcana/contracts";
import { signMintAuthorizationRoute, signUnstakeAuthorizationRoute } from "@arcana/protocol";
import { type Hex, parseEventLogs, type TransactionReceipt } from "viem";
import { api } from "../../lib/api";
import { loadWalletRuntime, useWalletStore, type WalletRuntime } from "../../wallet-runtime/wallet-store";
import type { TransactionStep } from "./transaction-steps";

type OnStep = (step: TransactionStep) => void;

/** Loads the wallet stacks and puts the wallet on `chainId` (the wallet asks the member). */
async function walletOn(chainId: number, onStep: OnStep): Promise<WalletRuntime> {
  const runtime = await loadWalletRuntime();
  if (useWalletStore.getState().evm.chainId !== chainId) {
    onStep("switching");
    await runtime.switchEvmChain(chainId);
  }
  return runtime;
}

/** The token a mint receipt's Transfer event gave `to`; null when the receipt names none. */
export function mintedTokenId(receipt: Pick<TransactionReceipt, "logs">, to: string): number | null {
  const transfers = parseEventLogs({ abi: genesisPassAbi, eventName: "Transfer", logs: receipt.logs });
  const minted = transfers.find((log) => log.args.to.toLowerCase() === to.toLowerCase());
  return minted ? Number(minted.args.tokenId) : null;
}

/** Mint: the server's authorization for the bound wallet, then GenesisPass.mint on its chain. */
export async function mintGenesisPass(address: string, chainId: number, onStep: OnStep) {
  onStep("authorizing");
  const auth = await api(signMintAuthorizationRoute, { body: { address, chain_id: chainId } });
  const runtime = await walletOn(auth.chain_id, onStep);
  onStep("confirming");
  const receipt = await runtime.writeContract({
    chainId: auth.chain_id,
    address: auth.contract,
    abi: genesisPassAbi,
    functionName: "mint",
    args: [auth.to, BigInt(auth.nonce), BigInt(auth.deadline), auth.signature],
  });
  return { chainId: auth.chain_id, tokenId: mintedTokenId(receipt, auth.to), txHash: receipt.transactionHash };
}

/** Stake: the owner's own call, no authorization needed. */
export async function stakeGenesisPass(pass: { tokenId: number; chainId: number; contract: Hex }, onStep: OnStep) {
  const runtime = await walletOn(pass.chainId, onStep);
  onStep("confirming");
  return runtime.writeContract({
    chainId: pass.chainId,
    address: pass.contract,
    abi: genesisPassAbi,
    functionName: "stake",
    args: [BigInt(pass.tokenId)],
  });
}

/**
 * Unstake: the server settles the pass's pending points and authorizes (409 with the unlock
 * time before the minimum stake time), then GenesisPass.unstake. Returns the settled points.
 */
export async function unstakeGenesisPass(pass: { tokenId: number; chainId: number }, onStep: OnStep) {
  onStep("authorizing");
  const auth = await api(signUnstakeAuthorizationRoute, {
    body: { token_id: pass.tokenId, chain_id: pass.chainId },
  });
  const runtime = await walletOn(auth.chain_id, onStep);
  onStep("confirming");
  await runtime.writeContract({
    chainId: auth.chain_id,
    address: auth.contract,
    abi: genesisPassAbi,
    functionName: "unstake",
    args: [BigInt(auth.token_id), BigInt(auth.nonce), BigInt(auth.deadline), auth.signature],
  });
  return { settledPoints: auth.settled_points };
}
