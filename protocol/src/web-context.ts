import type { User } from "./accounts.js";
import type { PublicConfig } from "./config.js";
import type { Language } from "./languages.js";
import type {
  AuditPage,
  ChainStatuses,
  MemberSummary,
  OperatorBoxes,
  OperatorInvites,
  OperatorLedgerPage,
  OperatorMember,
  OperatorOverview,
} from "./operator.js";
import type { OperatorReminders } from "./reminders.js";
import type { OperatorSponsorship } from "./sponsorship.js";

/** What the operator console's pages read while the server renders them (the same answers as `/api/operator/…`). */
export interface OperatorConsoleReads {
  overview(days: number): Promise<OperatorOverview>;
  /** Box names in `language`; rewards as data, labelled by the page. */
  boxes(language: Language): Promise<OperatorBoxes>;
  invites(): Promise<OperatorInvites>;
  searchMembers(text: string): Promise<MemberSummary[]>;
  /** Null when there is no such member. */
  member(id: string): Promise<OperatorMember | null>;
  memberLedger(id: string): Promise<OperatorLedgerPage>;
  /** One page of the audit log, newest first; `cursor` is the previous page's `next_cursor`. */
  audit(cursor?: string): Promise<AuditPage>;
  chains(): Promise<ChainStatuses>;
  sponsorship(): Promise<OperatorSponsorship>;
  /** Streak reminders' last 30 GMT days (the reminders module's report). */
  reminders(): Promise<OperatorReminders>;
}

/**
 * What the server hands every React Router loader and action. Loaders reach the server's
 * services through these functions, not through HTTP.
 */
export type ArcanaLoadContext = {
  requestId: string;
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  config: PublicConfig;
  /** The language the page is written in, as the server resolved it (see `server/src/web/language.ts`). */
  language: Language;
  /** The signed-in member for this request, if any. */
  getSessionUser: () => Promise<User | null>;
  /** The console's reads when the signed-in member is an operator; null for everyone else. */
  getOperatorConsole: () => Promise<OperatorConsoleReads | null>;
  /**
   * The app's stylesheet, for the page to carry inline instead of linking it (a visitor's page in
   * production); absent when the page links it.
   */
  inlineStyles?: string;
};

/**
 * A message catalog a page names (`/i18n/<language>/<namespaces>.<hash>.json`), as the web app's
 * server build makes it and the server answers it: its JSON text, and whether the address names
 * this build's text (`current`, so it may be cached for good).
 */
export interface CatalogFile {
  text: string;
  current: boolean;
}
