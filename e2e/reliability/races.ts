// Check 2: every write that moves points, supply or ownership, raced 50 at a time (the cases live by
// topic in races-chain.ts, races-shop.ts and races-members.ts; the shared helpers in race-kit.ts).
import type { Answer } from "./client.js";
import { ledgerInvariant } from "./database.js";
import type { RaceCase, RaceContext } from "./race-kit.js";
import { chainRaces } from "./races-chain.js";
import { memberRaces } from "./races-members.js";
import { shopRaces } from "./races-shop.js";
import type { CheckResult } from "./report.js";

export type { RaceCase, RaceContext, RaceRound } from "./race-kit.js";

/** Every race case; adding a race is one entry in one of the topic files. */
export const raceCases: RaceCase[] = [...chainRaces, ...shopRaces, ...memberRaces];

/** Every attempt answered, none with a 5xx (a refusal is fine: the effect count says the rest). */
function answerProblems(answers: PromiseSettledResult<unknown>[]): string[] {
  const problems: string[] = [];
  for (const answer of answers) {
    if (answer.status === "rejected") problems.push(`no answer: ${String(answer.reason).slice(0, 200)}`);
    else {
      const value = answer.value as Answer | number;
      if (typeof value === "object" && value.status >= 500)
        problems.push(`${value.status}: ${value.text.slice(0, 200)}`);
    }
  }
  return [...new Set(problems)];
}

/** Check 2: every race case, then the ledger invariant over the whole database. */
export async function raceEveryWrite(ctx: RaceContext, cases = raceCases): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  let totalAttempts = 0;
  let totalViolations = 0;
  for (const raceCase of cases) {
    const state = raceCase.setup ? await raceCase.setup(ctx) : undefined;
    let attempts = 0;
    let effects = 0;
    const violations: string[] = [];
    for (let index = 0; index < raceCase.rounds; index++) {
      const round = await raceCase.round(ctx, state, index);
      const answers = await Promise.allSettled(round.attempts.map((attempt) => attempt()));
      attempts += round.attempts.length;
      const verdict = await round.verify(answers);
      effects += verdict.effects;
      violations.push(...verdict.violations, ...answerProblems(answers));
    }
    totalAttempts += attempts;
    totalViolations += violations.length;
    results.push({
      check: `race: ${raceCase.name}`,
      attempts,
      failures: violations.length,
      figure: `${raceCase.rounds} rounds, ${effects} effects, ${violations.length} violations`,
      details: violations.slice(0, 10),
    });
  }
  const invariant = await ledgerInvariant(ctx.env.sql);
  const [members] = await ctx.env.sql<{ n: number }[]>`select count(*)::int as n from users`;
  results.push({
    check: "ledger invariant (whole database)",
    attempts: members?.n ?? 0,
    failures: invariant.length,
    figure: `${members?.n} members, ${totalAttempts} race attempts, ${totalViolations + invariant.length} violations`,
    details: invariant.slice(0, 20),
  });
  return results;
}
