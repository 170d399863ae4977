import type { BoxReward, OddsEntry } from "@arcana/protocol";
import type { BoxRewardDefinition } from "../../economy.js";
import type { RateLimit } from "../../rate-limit/limiter.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Per-member limits: far above what the loot box page does, low enough that a script cannot turn a
 * member's requests into load. A rotation reveals a seed and stores a new one: bounded per day.
 */
export const boxRateLimits = {
  purchasePerMember: { name: "box_purchase_member", max: 30, windowMs: 60 * 1000 },
  openPerMember: { name: "box_open_member", max: 60, windowMs: 60 * 1000 },
  rotatePerMember: { name: "box_rotate_member", max: 20, windowMs: DAY_MS },
  /** The public openings list, day files and fairness summary, per network (decision 0043). */
  publicReadsPerIp: { name: "box_public_reads_ip", max: 120, windowMs: 60 * 1000 },
} satisfies Record<string, RateLimit>;

/** An odds table as stored, compared field by field (jsonb does not keep key order). */
export function tableKey(rewards: BoxRewardDefinition[]): string {
  return rewards.map(rewardKey).join(",");
}

/** A reward as stored, compared field by field (jsonb does not keep key order). */
function rewardKey(reward: BoxRewardDefinition): string {
  return JSON.stringify([
    reward.kind,
    reward.kind === "points" ? reward.amount : null,
    reward.kind === "box" ? reward.box : null,
    reward.weight,
  ]);
}

export function toBoxReward(reward: BoxRewardDefinition): BoxReward {
  if (reward.kind === "points") return { kind: "points", amount: reward.amount };
  if (reward.kind === "box") return { kind: "box", box_id: reward.box };
  return { kind: "allowlist" };
}

/** The odds table as the API shows it: probabilities are exactly weight / total. */
export function oddsTable(rewards: BoxRewardDefinition[]): OddsEntry[] {
  const total = rewards.reduce((sum, reward) => sum + reward.weight, 0);
  return rewards.map((reward) => ({
    reward: toBoxReward(reward),
    weight: reward.weight,
    probability: reward.weight / total,
  }));
}
