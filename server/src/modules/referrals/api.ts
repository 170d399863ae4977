/** What other modules call of the referrals module. */
export { inviteReport } from "./reports.js";
export type { ReferralService } from "./service.js";
