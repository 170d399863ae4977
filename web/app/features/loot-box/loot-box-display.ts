import { type BoxReward, drawReward, type OpenedBox, serverSeedHash } from "@arcana/protocol";
import { formatPercent } from "../../i18n/intl";
import type { Translate } from "../../i18n/use-t";

/** "60%", "0.9%": a probability or an observed share as the market shows it, in the page's language. */
export function formatShare(share: number, locale: string): string {
  return formatPercent(share, locale, 2);
}

/** "150 points", "Sun Box", "A mint allowlist place", in the page's language (box names as the API gave them). */
export function rewardLabel(reward: BoxReward, boxNames: ReadonlyMap<string, string>, t: Translate): string {
  if (reward.kind === "points") return t("loot.reward.points", { amount: reward.amount ?? 0 });
  if (reward.kind === "box") return boxNames.get(reward.box_id ?? "") ?? reward.box_id ?? "";
  return t("loot.reward.allowlist");
}

function sameReward(a: BoxReward, b: BoxReward): boolean {
  return a.kind === b.kind && a.amount === b.amount && a.box_id === b.box_id;
}

export type Verification =
  | { status: "unrevealed" }
  | { status: "match"; index: number; target: number; totalWeight: number }
  /** `hash`: the revealed seed is not the one committed to; `reward`: the seeds draw another reward. */
  | { status: "mismatch"; reason: "hash" | "reward" };

/**
 * Recomputes an opening in the browser from its revealed seed with the same draw the server uses:
 * the seed must hash to the commitment shown before the opening, and the draw must give the reward.
 */
export async function verifyOpening(opened: Pick<OpenedBox, "odds" | "proof" | "reward">): Promise<Verification> {
  const { server_seed: serverSeed, server_seed_hash: committed, client_seed: clientSeed, nonce } = opened.proof;
  if (serverSeed === null) return { status: "unrevealed" };
  if ((await serverSeedHash(serverSeed)) !== committed) return { status: "mismatch", reason: "hash" };
  const draw = await drawReward(opened.odds, { serverSeed, clientSeed, nonce });
  const drawn = opened.odds[draw.index]?.reward;
  if (!drawn || !sameReward(drawn, opened.reward)) return { status: "mismatch", reason: "reward" };
  return { status: "match", ...draw };
}
