import { chiSquareTest, type Language, type OperatorBoxes, operatorLimits } from "@arcana/protocol";
import type { OperatorReportsDeps } from "./report-context.js";

/**
 * Each box's stated odds against its openings per odds version, with a χ² test flagging drift. Box names are in the
 * reader's `language`; a reward is data (`reward`), labelled by the page in the same language.
 */
export async function boxOddsReport({ boxes }: OperatorReportsDeps, language: Language): Promise<OperatorBoxes> {
  const report = await boxes.report(language);
  return report.map(({ box, sold, results }) => ({
    box_id: box.id,
    name: box.name,
    price: box.price,
    supply: box.supply,
    supply_left: box.supply_left,
    sold,
    window_days: results.window_days,
    versions: results.versions.map((version) => {
      const test = chiSquareTest(
        version.rewards.map((reward) => reward.count),
        version.rewards.map((reward) => reward.probability),
      );
      return {
        odds_version: version.odds_version,
        openings: version.total,
        chi_square: test?.statistic ?? null,
        degrees_of_freedom: test?.degreesOfFreedom ?? Math.max(0, version.rewards.length - 1),
        p_value: test?.pValue ?? null,
        drifting: test !== null && test.pValue < operatorLimits.driftPValue,
        rewards: version.rewards.map((reward) => ({
          reward: reward.reward,
          stated: reward.probability,
          observed: reward.share,
          count: reward.count,
          expected: reward.probability * version.total,
        })),
      };
    }),
  }));
}
