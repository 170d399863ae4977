import { type BoxReward, describeBoxReward, drawReward, type OpenedBox, serverSeedHash } from "@arcana/protocol";

const percentFormat = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 2 });

/** "60%", "0.9%": a probability or an observed share as the market shows it. */
export function formatPercent(share: number): string {
  return percentFormat.format(share);
}

/** "150 points", "Sun Box", "A mint allowlist place". */
export function rewardLabel(reward: BoxReward, boxNames: ReadonlyMap<string, string>): string {
  return describeBoxReward(reward, (boxId) => boxNames.get(boxId) ?? boxId);
}

function sameReward(a: BoxReward, b: BoxReward): boolean {
  return a.kind === b.kind && a.amount === b.amount && a.box_id === b.box_id;
}

export type Verification =
  | { status: "unrevealed" }
  | { status: "match"; index: number; target: number; totalWeight: number }
  | { status: "mismatch"; reason: string };

/**
 * Recomputes an opening in the browser from its revealed seed with the same draw the server uses:
 * the seed must hash to the commitment shown before the opening, and the draw must give the reward.
 */
export async function verifyOpening(opened: Pick<OpenedBox, "odds" | "proof" | "reward">): Promise<Verification> {
  const { server_seed: serverSeed, server_seed_hash: committed, client_seed: clientSeed, nonce } = opened.proof;
  if (serverSeed === null) return { status: "unrevealed" };
  if ((await serverSeedHash(serverSeed)) !== committed) {
    return { status: "mismatch", reason: "The revealed server seed does not hash to the commitment shown before." };
  }
  const draw = await drawReward(opened.odds, { serverSeed, clientSeed, nonce });
  const drawn = opened.odds[draw.index]?.reward;
  if (!drawn || !sameReward(drawn, opened.reward)) {
    return { status: "mismatch", reason: "The seeds give a different reward from the one recorded." };
  }
  return { status: "match", ...draw };
}
