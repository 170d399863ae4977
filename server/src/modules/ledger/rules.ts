/* The ledger's pure rules: what a movement is called. */

/**
 * The label a member reads for each kind of movement written without one. None names the deployment: labels are
 * also stored (a reversal keeps its original's), and the operator's brand may change after they were written.
 */
export const kindLabels: Record<string, string> = {
  grant: "Bonus from the team",
  check_in: "Daily check-in",
  tarot: "Tarot reading recorded on chain",
  staking: "Staking rewards",
  box_purchase: "Box purchase",
  box_reward: "Box reward",
  reversal: "Reversed credit",
  referral: "Invite reward",
  referral_invitee: "Welcome reward for joining with a code",
  kol: "KOL invite reward",
  task: "Task reward",
  deduction: "Correction by the team",
};

/** The label a member reads: the one written with the entry, else a default for its kind. */
export function ledgerLabel(entry: { kind: string; label: string | null }): string {
  if (entry.label) return entry.label;
  const known = kindLabels[entry.kind];
  if (known) return known;
  const words = entry.kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
