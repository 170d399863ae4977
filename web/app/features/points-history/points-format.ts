import type { LedgerEntry } from "@arcana/protocol";

const amountFormat = new Intl.NumberFormat("en-US", { signDisplay: "always", maximumFractionDigits: 0 });

/** "+10 pts", "−250 pts": a ledger entry's amount with its direction. */
export function formatPointsChange(amount: number): string {
  return `${amountFormat.format(amount).replace("-", "−")} pts`;
}

/**
 * "Nov 22, 2026, 3:04 PM": when the entry landed, in the member's own time zone. A time the
 * browser cannot read only logs a warning (spec §8) and shows nothing.
 */
export function formatEntryTime(entry: Pick<LedgerEntry, "created_at">, timeZone?: string): string {
  const at = new Date(entry.created_at);
  if (Number.isNaN(at.getTime())) {
    console.warn(`Reward time "${entry.created_at}" is not a date; it is left blank.`);
    return "";
  }
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}
