import type { TaskConditionKey } from "@arcana/protocol";

/** What a task's `when` asks: `true` for a fact, a number for a count to reach. */
export type TaskConditions = Partial<Record<TaskConditionKey, true | number>>;

/** How the server knows each condition, shown under the task. */
export const conditionEvidence: Record<TaskConditionKey, string> = {
  wallet_bound: "The EVM wallet bound to your account by a signed Sign-In with Ethereum message.",
  solana_bound: "The Solana address bound to your account by a signed Sign-In With Solana message.",
  pass_minted: "Genesis Passes your bound wallet holds, as indexed from the chain.",
  pass_staked: "Genesis Passes your bound wallet has staked, as indexed from the chain.",
  check_in_streak: "Your bound wallet's longest run of check-ins on chain, counted by GMT day.",
  tarot_recorded_days: "GMT days your tarot draw was recorded on chain by your bound wallet.",
  boxes_opened: "Loot boxes you opened.",
  qualified_invites: "Friends who joined with your code and qualified.",
};

/**
 * A task's progress from the member's figures: each condition counts up to its target (a fact is
 * 0 or 1 of 1), and the task is done when every condition reached its target.
 */
export function taskProgress(
  when: TaskConditions,
  figures: Partial<Record<TaskConditionKey, number>>,
): { current: number; target: number; done: boolean } {
  let current = 0;
  let target = 0;
  let done = true;
  for (const [key, wanted] of Object.entries(when) as Array<[TaskConditionKey, true | number | undefined]>) {
    if (wanted === undefined) continue;
    const goal = wanted === true ? 1 : wanted;
    const have = Math.min(figures[key] ?? 0, goal);
    current += have;
    target += goal;
    if (have < goal) done = false;
  }
  return { current, target, done };
}

/** The conditions a task names, in the order the economy file gives them. */
export function taskConditions(when: TaskConditions): TaskConditionKey[] {
  return (Object.keys(when) as TaskConditionKey[]).filter((key) => when[key] !== undefined);
}

/** The one English sentence saying how the server checks a task's conditions (for API clients). */
export function taskEvidence(when: TaskConditions): string {
  return taskConditions(when)
    .map((key) => conditionEvidence[key])
    .join(" ");
}
