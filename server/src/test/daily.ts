import { gmtDayNumber } from "@arcana/protocol";
import { type Economy, loadEconomy } from "../economy.js";
import type { CheckedInEvent } from "../modules/daily/credit.js";

/**
 * The shipped economy with round test figures (10 points a check-in and no streak bonus, 25 a tarot
 * record, 100 a pass a day after a day staked, no boxes), `overrides` replacing whole sections.
 */
export function testEconomy(overrides: Partial<Economy> = {}): Economy {
  return {
    ...loadEconomy(),
    checkIn: { basePoints: 10, streakBonuses: [] },
    tarot: { points: 25 },
    staking: { pointsPerPassPerDay: 100, minStakeSeconds: 86_400 },
    boxes: [],
    ...overrides,
  };
}

/** Check-in bonuses for streak tests: 5 more on the 2nd day in a row, 20 more from the 3rd. */
export const streakCheckIn: Economy["checkIn"] = {
  basePoints: 10,
  streakBonuses: [
    { days: 2, bonus: 5 },
    { days: 3, bonus: 20 },
  ],
};

/**
 * A maker of CheckedIn events as the indexer hands them over, each in a transaction (and block) of
 * its own; `logIndexOf` gives the n-th event's log index (0 by default).
 */
export function checkedInEvents(logIndexOf: (n: number) => number = () => 0) {
  let count = 0;
  return (wallet: string, at: Date, chainId = 31337): CheckedInEvent => {
    count += 1;
    return {
      wallet,
      day: gmtDayNumber(at),
      chainId,
      txHash: `0x${count.toString(16).padStart(64, "0")}`,
      logIndex: logIndexOf(count),
      blockHash: `0x${count.toString(16).padStart(64, "b")}`,
      blockTime: at,
    };
  };
}
