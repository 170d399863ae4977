import type { LedgerEntry } from "@arcana/protocol";
import { formatLocalDateTime } from "../../i18n/intl";
import type { MessageId, Translate } from "../../i18n/use-t";

/** "+10 pts", "−250 pts": a ledger entry's amount with its direction, in the page's language. */
export function formatPointsChange(amount: number, t: Translate): string {
  const signed = new Intl.NumberFormat(t.language ?? "en", { signDisplay: "always", maximumFractionDigits: 0 })
    .format(amount)
    .replace("-", "−");
  return t("modal.pointsHistory.amount", { amount: signed });
}

/**
 * "Nov 22, 2026, 3:04 PM": when the entry landed, in the page's language and the member's own time
 * zone. A time the browser cannot read only logs a warning (spec §8) and shows nothing.
 */
export function formatEntryTime(entry: Pick<LedgerEntry, "created_at">, locale: string, timeZone?: string): string {
  const at = new Date(entry.created_at);
  if (Number.isNaN(at.getTime())) {
    console.warn(`Reward time "${entry.created_at}" is not a date; it is left blank.`);
    return "";
  }
  return formatLocalDateTime(at, locale, timeZone);
}

/** Each kind of ledger movement the server writes (server/src/modules/ledger/rules.ts `kindLabels`). */
const kindLabels: Record<string, MessageId> = {
  grant: "modal.pointsHistory.kind.grant",
  check_in: "modal.pointsHistory.kind.check_in",
  tarot: "modal.pointsHistory.kind.tarot",
  staking: "modal.pointsHistory.kind.staking",
  box_purchase: "modal.pointsHistory.kind.box_purchase",
  box_reward: "modal.pointsHistory.kind.box_reward",
  reversal: "modal.pointsHistory.kind.reversal",
  referral: "modal.pointsHistory.kind.referral",
  referral_invitee: "modal.pointsHistory.kind.referral_invitee",
  kol: "modal.pointsHistory.kind.kol",
  task: "modal.pointsHistory.kind.task",
  deduction: "modal.pointsHistory.kind.deduction",
};

/**
 * What a member reads for an entry: in English the server's own label (it says more: the streak day,
 * the box, the pass), in any other language its kind's label; a kind the catalogs do not know keeps
 * the server's label.
 */
export function entryLabel(entry: Pick<LedgerEntry, "kind" | "label">, t: Translate): string {
  const id = kindLabels[entry.kind];
  return t.language === "en" || id === undefined ? entry.label : t(id);
}
