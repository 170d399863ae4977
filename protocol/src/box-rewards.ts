// How a reward is named, without zod: the browser's bundle imports it.
import type { BoxReward } from "./boxes.js";

/** How the page and the rewards history name a reward. */
export function describeBoxReward(reward: BoxReward, boxName: (boxId: string) => string = (id) => id): string {
  if (reward.kind === "points") return `${reward.amount ?? 0} points`;
  if (reward.kind === "box") return boxName(reward.box_id ?? "");
  return "A mint allowlist place";
}
