import { genesisPassAbi } from "@arcana/contracts";
import { signMintAuthorizationRoute, signUnstakeAuthorizationRoute } from "@arcana/protocol/calls";
import { type Hex, isAddressEqual, parseEventLogs, type TransactionReceipt } from "viem";
import { api } from "../../lib/api";
import type { WriteStage } from "../../wallet-runtime/use-contract-write";

type OnStage = (stage: WriteStage) => void;

/** The token a mint receipt's Transfer event gave `to`; null when the receipt names none. */
export function mintedTokenId(receipt: Pick<TransactionReceipt, "logs">, to: Hex): number | null {
  const transfers = parseEventLogs({ abi: genesisPassAbi, eventName: "Transfer", logs: receipt.logs });
  const minted = transfers.find((log) => isAddressEqual(log.args.to, to));
  return minted ? Number(minted.args.tokenId) : null;
}

/** Mint: the server's authorization for the bound wallet, then GenesisPass.mint on its chain. */
export async function mintWrite(address: string, chainId: number, onStage: OnStage) {
  onStage("authorizing");
  const auth = await api(signMintAuthorizationRoute, { body: { address, chain_id: chainId } });
  const to = auth.to;
  return {
    to,
    write: {
      chainId: auth.chain_id,
      address: auth.contract,
      abi: genesisPassAbi,
      functionName: "mint",
      args: [to, BigInt(auth.nonce), BigInt(auth.deadline), auth.signature],
    },
  };
}

/** Stake: the owner's own call, no authorization needed. */
export async function stakeWrite(pass: { tokenId: number; chainId: number; contract: Hex }) {
  return {
    write: {
      chainId: pass.chainId,
      address: pass.contract,
      abi: genesisPassAbi,
      functionName: "stake",
      args: [BigInt(pass.tokenId)],
    },
  };
}

/**
 * Unstake: the server settles the pass's pending points and authorizes (409 with `unlocks_at`
 * before the minimum stake time), then GenesisPass.unstake. Carries the settled points.
 */
export async function unstakeWrite(pass: { tokenId: number; chainId: number }, onStage: OnStage) {
  onStage("authorizing");
  const auth = await api(signUnstakeAuthorizationRoute, {
    body: { token_id: pass.tokenId, chain_id: pass.chainId },
  });
  return {
    settledPoints: auth.settled_points,
    write: {
      chainId: auth.chain_id,
      address: auth.contract,
      abi: genesisPassAbi,
      functionName: "unstake",
      args: [BigInt(auth.token_id), BigInt(auth.nonce), BigInt(auth.deadline), auth.signature],
    },
  };
}
