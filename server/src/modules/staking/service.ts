import { genesisPassAbi } from "@arcana/contracts";
import type { ClaimResult, StakingRewards, UnstakeSignature } from "@arcana/protocol";
import type { ChainClients } from "../../chain/clients.js";
import type { ChainEventIdentity } from "../../chain/event-key.js";
import { AUTHORIZATION_TTL_SECONDS, type AuthorizationSigner } from "../../chain/signer.js";
import type { Database, Transaction } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { ApiError } from "../../shared/errors.js";
import type { Authenticated } from "../auth/api.js";
import { claimedFor, grantPoints, pointsBalance, reversePoints } from "../ledger/api.js";
import { lockOwnedPass, type PassRow, type PassService, stakedPasses } from "../passes/api.js";
import { memberIdByWallet } from "../users/api.js";
import { accruedPoints, msUntilNextPoint } from "./rules.js";

type Member = Authenticated["user"];

/** All ledger rows of one stake share this prefix, so what was claimed is always the ledger's sum. */
function stakeReference(pass: Pick<PassRow, "chainId" | "tokenId">, stakedSince: Date) {
  return `${pass.chainId}:${pass.tokenId}:${Math.floor(stakedSince.getTime() / 1000)}:`;
}

export interface StakingServiceDeps {
  db: Database;
  economy: Economy;
  chainClients: ChainClients;
  signer: AuthorizationSigner;
  passes: PassService;
  now: () => Date;
}

export function createStakingService(deps: StakingServiceDeps) {
  const { db, now } = deps;
  const rate = deps.economy.staking.pointsPerPassPerDay;

  /**
   * Moves a staked pass's pending points into its owner's ledger, up to `at`. The reference names
   * the stake and the total earned, so a retry or a concurrent claim can never credit twice.
   */
  async function settle(tx: Transaction, pass: PassRow, at: Date): Promise<number> {
    if (!pass.staked || !pass.stakedSince) return 0;
    const ownerId = await memberIdByWallet(tx, pass.owner);
    if (!ownerId) return 0;
    const prefix = stakeReference(pass, pass.stakedSince);
    const earned = accruedPoints(pass.stakedSince.getTime(), at.getTime(), rate);
    const { total } = await claimedFor(tx, "staking", prefix);
    const pending = earned - total;
    if (pending <= 0) return 0;
    const { granted } = await grantPoints(tx, {
      userId: ownerId,
      kind: "staking",
      amount: pending,
      reference: `${prefix}${earned}`,
      label: `Staking rewards · Genesis Pass #${pass.tokenId}`,
      at,
    });
    return granted ? pending : 0;
  }

  /** Takes back, net, what was claimed under the stake beyond `keep` points (see claimedFor). */
  async function reverseClaimsBeyond(
    tx: Transaction,
    pass: PassRow,
    stakedSince: Date,
    keep: number,
    why: { reference: string; label: string; reason: string },
  ) {
    const ownerId = await memberIdByWallet(tx, pass.owner);
    if (!ownerId) return;
    const prefix = stakeReference(pass, stakedSince);
    const { total } = await claimedFor(tx, "staking", prefix);
    if (total <= keep) return;
    await reversePoints(tx, {
      userId: ownerId,
      amount: total - keep,
      reference: `staking:${prefix}${why.reference}`,
      label: why.label,
      reason: why.reason,
      at: now(),
    });
  }

  return {
    /**
     * Called by the indexer inside its transaction when a pass's Unstaked event arrives, the pass
     * still staked and locked: pays what the stake earned up to the on-chain unstake time, and
     * takes back what was claimed past it while the indexer had not seen the unstake yet.
     */
    async settleAtUnstake(tx: Transaction, pass: PassRow, unstakedAt: Date, event: ChainEventIdentity) {
      if (!pass.staked || !pass.stakedSince) return;
      const earned = accruedPoints(pass.stakedSince.getTime(), unstakedAt.getTime(), rate);
      await settle(tx, pass, unstakedAt);
      await reverseClaimsBeyond(tx, pass, pass.stakedSince, earned, {
        reference: `unstaked:${event.blockHash}`,
        label: `Staking rewards claimed after the unstake · Genesis Pass #${pass.tokenId}`,
        reason: `claimed past the on-chain unstake at ${unstakedAt.toISOString()} (tx ${event.txHash})`,
      });
    },

    /**
     * Called by the indexer when a Staked event's block is orphaned: that stake never happened, so
     * what was claimed under it is taken back (a re-mined stake earns from its own time, once).
     */
    async stakeOrphaned(tx: Transaction, pass: PassRow, stakedSince: Date, event: ChainEventIdentity) {
      await reverseClaimsBeyond(tx, pass, stakedSince, 0, {
        reference: `orphaned:${event.blockHash}`,
        label: `Staking rewards of a stake dropped by a chain reorganisation · Genesis Pass #${pass.tokenId}`,
        reason: `chain reorganisation on chain ${event.chainId} dropped stake ${event.txHash}`,
      });
    },

    async rewards(member: Member): Promise<StakingRewards> {
      const wallet = member.wallet_address?.toLowerCase();
      const at = now().getTime();
      const staked = wallet ? await stakedPasses(db, wallet) : [];
      const rows = [];
      let nextPoint: number | null = null;
      for (const pass of staked) {
        if (!pass.stakedSince) continue;
        const since = pass.stakedSince.getTime();
        const claimed = await claimedFor(db, "staking", stakeReference(pass, pass.stakedSince));
        const pending = Math.max(0, accruedPoints(since, at, rate) - claimed.total);
        const wait = msUntilNextPoint(since, at, rate);
        if (wait !== null) nextPoint = nextPoint === null ? wait : Math.min(nextPoint, wait);
        const from = Math.max(since, claimed.last?.getTime() ?? since);
        rows.push({
          token_id: pass.tokenId,
          chain_id: pass.chainId,
          pending,
          rate_per_day: rate,
          since_last_claim: Math.max(0, Math.floor((at - from) / 1000)),
        });
      }
      return {
        passes: rows,
        total_pending: rows.reduce((sum, row) => sum + row.pending, 0),
        next_point_in_ms: nextPoint,
      };
    },

    async claimOne(member: Member, tokenId: number, chainId?: number): Promise<ClaimResult> {
      return db.transaction(async (tx) => {
        const pass = await lockOwnedPass(tx, member, tokenId, chainId);
        if (!pass.staked) throw new ApiError("conflict", `Genesis Pass #${tokenId} is not staked.`);
        const claimed = await settle(tx, pass, now());
        return { claimed, pts: await pointsBalance(tx, member.uid) };
      });
    },

    async claimAll(member: Member): Promise<ClaimResult> {
      const wallet = member.wallet_address?.toLowerCase();
      if (!wallet) return { claimed: 0, pts: member.pts };
      return db.transaction(async (tx) => {
        const staked = await stakedPasses(tx, wallet, { lock: true });
        let claimed = 0;
        for (const pass of staked) claimed += await settle(tx, pass, now());
        return { claimed, pts: await pointsBalance(tx, member.uid) };
      });
    },

    /** Settles the pass's pending points first, then authorizes GenesisPass.unstake. */
    async unstakeSignature(member: Member, tokenId: number, chainId?: number): Promise<UnstakeSignature> {
      const { pass, settled } = await db.transaction(async (tx) => {
        const pass = await lockOwnedPass(tx, member, tokenId, chainId);
        if (!pass.staked || !pass.stakedSince)
          throw new ApiError("conflict", `Genesis Pass #${tokenId} is not staked.`);
        const unlocksAt = pass.stakedSince.getTime() + deps.economy.staking.minStakeSeconds * 1000;
        if (now().getTime() < unlocksAt) {
          const unlocks_at = new Date(unlocksAt).toISOString().replace(".000Z", "Z");
          throw new ApiError("conflict", `Genesis Pass #${tokenId} can be unstaked from ${unlocks_at}.`, {
            unlocks_at,
          });
        }
        return { pass, settled: await settle(tx, pass, now()) };
      });
      const chain = deps.passes.chainFor(pass.chainId);
      const nonce = await deps.chainClients.client(chain.id).readContract({
        address: chain.genesisPassAddress,
        abi: genesisPassAbi,
        functionName: "unstakeNonces",
        args: [BigInt(pass.tokenId)],
      });
      const deadline = BigInt(Math.floor(now().getTime() / 1000) + AUTHORIZATION_TTL_SECONDS);
      const signature = await deps.signer.signUnstake({
        chainId: chain.id,
        contract: chain.genesisPassAddress,
        tokenId: BigInt(pass.tokenId),
        nonce,
        deadline,
      });
      return {
        token_id: pass.tokenId,
        nonce: nonce.toString(),
        deadline: Number(deadline),
        signature,
        chain_id: chain.id,
        contract: chain.genesisPassAddress,
        settled_points: settled,
      };
    },
  };
}
export type StakingService = ReturnType<typeof createStakingService>;
