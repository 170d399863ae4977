import { defineRoute } from "../api-route.js";
import { claimResultSchema } from "../passes.js";
import {
  kolSummarySchema,
  referralSummarySchema,
  useReferralRequestSchema,
  useReferralResultSchema,
} from "../referrals.js";
import { tasksResultSchema } from "../tasks.js";

export const getReferralSummaryRoute = defineRoute({
  method: "get",
  path: "/refer_code",
  operationId: "getReferralSummary",
  tag: "referrals",
  summary: "The member's invite code, share link, invitees (by join date only) and their reward states",
  description:
    "Each invitee shows what they still have to do, or why they will not count (for example, a wallet that " +
    "already qualified someone). Inviter rewards become claimable when the invitee qualifies.",
  security: "session",
  getWrites: true,
  response: referralSummarySchema,
  responseDescription: "The member's code and invites",
  errors: [401, 403],
});

export const useReferralCodeRoute = defineRoute({
  method: "post",
  path: "/refer_code/use",
  operationId: "useReferralCode",
  tag: "referrals",
  summary: "Enter a friend's (or a KOL's) code: once, within the first days of the account, never one's own",
  description:
    "Errors: `referral_already_used` and `referral_window_closed` (whatever the code), then `not_found` for a code " +
    "that does not exist, is disabled or would close a loop of invites (one answer: no telling which), `own_code` " +
    "for your own code; `too_many_requests` after 10 tries in an hour.",
  security: "session",
  request: { body: useReferralRequestSchema },
  response: useReferralResultSchema,
  responseDescription: "The invitee's reward state",
  errors: [400, 401, 403, 404, 409, 429],
});

export const claimReferralRewardsRoute = defineRoute({
  method: "post",
  path: "/refer_code/claim",
  operationId: "claimReferralRewards",
  tag: "referrals",
  summary: "Move every qualified, unclaimed inviter reward into the points ledger, once",
  security: "session",
  response: claimResultSchema,
  responseDescription: "Points claimed and the balance after",
  errors: [401, 403],
});

export const getKolSummaryRoute = defineRoute({
  method: "get",
  path: "/refer_code/kol",
  operationId: "getKolSummary",
  tag: "referrals",
  summary: "A KOL's codes with uses, qualified invites, points and the last 30 GMT days",
  description: "`is_kol: false` and no codes for members who are not KOLs.",
  security: "session",
  getWrites: true,
  response: kolSummarySchema,
  responseDescription: "The member's KOL codes",
  errors: [401, 403],
});

export const claimKolRewardsRoute = defineRoute({
  method: "post",
  path: "/refer_code/kol/claim",
  operationId: "claimKolRewards",
  tag: "referrals",
  summary: "Move every qualified, unclaimed KOL reward into the points ledger, once",
  security: "session",
  response: claimResultSchema,
  responseDescription: "Points claimed and the balance after",
  errors: [401, 403],
});

export const consumeTasksRoute = defineRoute({
  method: "get",
  path: "/tasks/consume",
  operationId: "consumeTasks",
  tag: "tasks",
  summary: "Check every task, credit each completed one once, and list them with their states",
  description:
    "A GET that writes, as the spec names it: safe to repeat, because it can only credit points the member has " +
    "already earned (each task once, ledger kind `task`) and changes nothing else. A cookie-authenticated call " +
    "another site started (`Sec-Fetch-Site: cross-site`) is refused with 403 `foreign_origin`.",
  security: "session",
  getWrites: true,
  response: tasksResultSchema,
  responseDescription: "Every task, what this call credited, and the balance",
  errors: [401, 403, 429],
});
