import type { OperatorReminders, OperatorSponsorship } from "@arcana/protocol";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { RateLimiter } from "../../rate-limit/limiter.js";
import type { BoxReports } from "../boxes/api.js";

/**
 * What the console's reads (economy-overview.ts, box-odds-report.ts, member-lookup.ts, audit-log.ts,
 * export-csv.ts, chain-lag.ts) are given; reports.ts composes them.
 */
export interface OperatorReportsDeps {
  db: Database;
  config: Config;
  boxes: BoxReports;
  /** The sponsorship module's report (its relayers), for the console's page. */
  sponsorship: () => Promise<OperatorSponsorship>;
  /** The reminders module's last 30 GMT days of streak reminders, for the console's page. */
  reminders: () => Promise<OperatorReminders>;
  now: () => Date;
  limiter: RateLimiter;
}
