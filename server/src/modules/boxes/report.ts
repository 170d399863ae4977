import { describeBoxReward } from "@arcana/protocol";
import type { BoxService } from "./service.js";

function percent(share: number): string {
  return `${(share * 100).toFixed(2)}%`;
}

/** `npm run admin -- boxes list`: supply sold and left per box, and each odds version's results. */
export async function boxesReport(boxes: BoxService): Promise<string> {
  const lines: string[] = [];
  for (const { box, sold, offeredVersion, results } of await boxes.report()) {
    const left = box.supply_left === null ? "unlimited" : `${box.supply_left} left of ${box.supply}`;
    const limit = box.per_member_limit === null ? "no limit per member" : `${box.per_member_limit} per member`;
    lines.push(`${box.id}  ${box.name}  ${box.price} points  sold ${sold}, ${left}, ${limit}`);
    const newest = results.versions[0]?.odds_version;
    if (offeredVersion === null) {
      lines.push("  this economy file's odds are not recorded yet: the first server started with it records them");
    } else if (offeredVersion !== newest) {
      lines.push(`  this economy file's odds are v${offeredVersion}, older than the newest recorded (v${newest})`);
    }
    for (const version of results.versions) {
      lines.push(`  odds v${version.odds_version}: ${version.total} openings in the last ${results.window_days} days`);
      for (const reward of version.rewards) {
        const name = describeBoxReward(reward.reward).padEnd(24);
        lines.push(
          `    ${name} stated ${percent(reward.probability).padStart(7)}  seen ${String(reward.count).padStart(6)} (${percent(reward.share)})`,
        );
      }
    }
  }
  return lines.length > 0 ? lines.join("\n") : "No boxes are defined in the economy file.";
}
