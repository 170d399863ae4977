import { defineRoute } from "../api-route.js";
import {
  auditPageSchema,
  auditQuerySchema,
  chainStatusesSchema,
  csvFileSchema,
  exportRangeQuerySchema,
  memberParamsSchema,
  memberSearchQuerySchema,
  memberSearchSchema,
  operatorActionResultSchema,
  operatorBoxesSchema,
  operatorInvitesSchema,
  operatorLedgerPageSchema,
  operatorLedgerQuerySchema,
  operatorMemberSchema,
  operatorOverviewSchema,
  overviewQuerySchema,
  pointsAdjustmentSchema,
  unbindWalletRequestSchema,
} from "../operator.js";
import { operatorRemindersSchema } from "../reminders.js";
import { operatorSponsorshipSchema } from "../sponsorship.js";

const operatorOnly = "Operators only (`npm run admin -- operator add <email>`); anyone else gets 403 `forbidden`.";

export const getOperatorOverviewRoute = defineRoute({
  method: "get",
  path: "/operator/overview",
  operationId: "getOperatorOverview",
  tag: "operator",
  summary: "The economy per GMT day over the last 30 or 90 days: members, activity, points issued and spent",
  description: operatorOnly,
  security: "operator",
  request: { query: overviewQuerySchema },
  response: operatorOverviewSchema,
  responseDescription: "Totals and daily series",
  errors: [400, 401, 403],
});

export const getOperatorBoxesRoute = defineRoute({
  method: "get",
  path: "/operator/boxes",
  operationId: "getOperatorBoxes",
  tag: "operator",
  summary: "Per box and odds version: sales, supply, openings, stated vs observed shares and a chi-square p-value",
  description: operatorOnly,
  security: "operator",
  response: operatorBoxesSchema,
  responseDescription: "Every box's figures",
  errors: [401, 403],
});

export const getOperatorInvitesRoute = defineRoute({
  method: "get",
  path: "/operator/invites",
  operationId: "getOperatorInvites",
  tag: "operator",
  summary:
    "The invite funnel (used, bound a wallet, qualified, claimed) and per code: uses, qualified, refused with reasons, points paid",
  description: `${operatorOnly} KOL codes first, then member codes used at least once, most used first; at most 200.`,
  security: "operator",
  response: operatorInvitesSchema,
  responseDescription: "The funnel and every listed code's figures",
  errors: [401, 403],
});

export const getOperatorRemindersRoute = defineRoute({
  method: "get",
  path: "/operator/reminders",
  operationId: "getOperatorReminders",
  tag: "operator",
  summary:
    "Streak reminders over the last 30 GMT days: sent, members who checked in within 6 hours after, unsubscribes; undeliverable addresses now",
  description: `${operatorOnly} Every day listed, oldest first, zeros for a quiet day. Opening is not tracked: no pixel, no redirecting links.`,
  security: "operator",
  response: operatorRemindersSchema,
  responseDescription: "The figures per day, their total and the undeliverable addresses",
  errors: [401, 403],
});

export const searchOperatorMembersRoute = defineRoute({
  method: "get",
  path: "/operator/members",
  operationId: "searchOperatorMembers",
  tag: "operator",
  summary: "Find members by e-mail (or its start), EVM wallet or Solana address; at most 20",
  description: operatorOnly,
  security: "operator",
  request: { query: memberSearchQuerySchema },
  response: memberSearchSchema,
  responseDescription: "Matching members",
  errors: [400, 401, 403],
});

export const getOperatorMemberRoute = defineRoute({
  method: "get",
  path: "/operator/members/{id}",
  operationId: "getOperatorMember",
  tag: "operator",
  summary: "One member: balance, wallets, passes, allowlist place",
  description: operatorOnly,
  security: "operator",
  request: { params: memberParamsSchema },
  response: operatorMemberSchema,
  responseDescription: "The member",
  errors: [400, 401, 403, 404],
});

export const listOperatorMemberLedgerRoute = defineRoute({
  method: "get",
  path: "/operator/members/{id}/ledger",
  operationId: "listOperatorMemberLedger",
  tag: "operator",
  summary: "One member's ledger, newest first, with operators' reasons",
  description: `${operatorOnly} Cursor pagination: pass \`next_cursor\` as \`cursor\`.`,
  security: "operator",
  request: { params: memberParamsSchema, query: operatorLedgerQuerySchema },
  response: operatorLedgerPageSchema,
  responseDescription: "One page of ledger entries",
  errors: [400, 401, 403, 404],
});

export const adjustMemberPointsRoute = defineRoute({
  method: "post",
  path: "/operator/members/{id}/points",
  operationId: "adjustMemberPoints",
  tag: "operator",
  summary: "Grant or deduct points with a reason, through the ledger; audited",
  description: `${operatorOnly} A deduction never takes a balance below zero (409 \`insufficient_points\`).`,
  security: "operator",
  request: { params: memberParamsSchema, body: pointsAdjustmentSchema },
  response: operatorActionResultSchema,
  responseDescription: "The member afterwards and the audit entry",
  errors: [400, 401, 403, 404, 409],
});

export const unbindMemberWalletRoute = defineRoute({
  method: "post",
  path: "/operator/members/{id}/unbind",
  operationId: "unbindMemberWallet",
  tag: "operator",
  summary: "Release the member's EVM wallet or Solana address so they can bind another; audited",
  description: operatorOnly,
  security: "operator",
  request: { params: memberParamsSchema, body: unbindWalletRequestSchema },
  response: operatorActionResultSchema,
  responseDescription: "The member afterwards and the audit entry",
  errors: [400, 401, 403, 404],
});

export const allowlistMemberRoute = defineRoute({
  method: "post",
  path: "/operator/members/{id}/allowlist",
  operationId: "allowlistMember",
  tag: "operator",
  summary: "Add the member (by e-mail) to the mint allowlist; audited",
  description: operatorOnly,
  security: "operator",
  request: { params: memberParamsSchema },
  response: operatorActionResultSchema,
  responseDescription: "The member afterwards and the audit entry",
  errors: [400, 401, 403, 404],
});

export const listOperatorAuditRoute = defineRoute({
  method: "get",
  path: "/operator/audit",
  operationId: "listOperatorAudit",
  tag: "operator",
  summary: "The append-only audit log of every operator action, newest first",
  description: `${operatorOnly} Cursor pagination: pass \`next_cursor\` as \`cursor\`.`,
  security: "operator",
  request: { query: auditQuerySchema },
  response: auditPageSchema,
  responseDescription: "One page of audit entries",
  errors: [400, 401, 403],
});

export const getOperatorChainsRoute = defineRoute({
  method: "get",
  path: "/operator/chains",
  operationId: "getOperatorChains",
  tag: "operator",
  summary: "Per configured chain: head block, indexed block, lag, last error and the leading indexer",
  description: operatorOnly,
  security: "operator",
  response: chainStatusesSchema,
  responseDescription: "The indexer's state per chain",
  errors: [401, 403],
});

export const getOperatorSponsorshipRoute = defineRoute({
  method: "get",
  path: "/operator/sponsorship",
  operationId: "getOperatorSponsorship",
  tag: "operator",
  summary:
    "Per sponsored chain: the relayer and its balance, spent today against the budget, the queue, confirmed/failed/replaced counts and relays per day",
  description: `${operatorOnly} Balances and amounts in the chain's native token; the last 14 GMT days.`,
  security: "operator",
  response: operatorSponsorshipSchema,
  responseDescription: "Each sponsored chain's relayer figures",
  errors: [401, 403],
});

const streamed =
  "Streamed in batches, so a million rows take no more memory than a few thousand. The export is audited.";

export const exportLedgerRoute = defineRoute({
  method: "get",
  path: "/operator/exports/ledger.csv",
  operationId: "exportLedger",
  tag: "operator",
  summary: "Every ledger row between two GMT days (both included) as CSV, oldest first",
  description: `${operatorOnly} ${streamed}`,
  security: "operator",
  getWrites: true,
  request: { query: exportRangeQuerySchema },
  response: csvFileSchema,
  responseDescription: "id, created_at, member_id, kind, amount, reference, label, reason",
  produces: "text/csv",
  errors: [400, 401, 403, 429],
});

export const exportMembersRoute = defineRoute({
  method: "get",
  path: "/operator/exports/members.csv",
  operationId: "exportMembers",
  tag: "operator",
  summary: "Every member as CSV",
  description: `${operatorOnly} ${streamed}`,
  security: "operator",
  getWrites: true,
  response: csvFileSchema,
  responseDescription: "member_id, email, points, wallet_address, solana_address, created_at",
  produces: "text/csv",
  errors: [401, 403, 429],
});

export const exportBoxOpeningsRoute = defineRoute({
  method: "get",
  path: "/operator/exports/box-openings.csv",
  operationId: "exportBoxOpenings",
  tag: "operator",
  summary: "Every loot-box opening between two GMT days (both included) as CSV, oldest first",
  description: `${operatorOnly} ${streamed}`,
  security: "operator",
  getWrites: true,
  request: { query: exportRangeQuerySchema },
  response: csvFileSchema,
  responseDescription: "box_id, opened_at, member_id, odds_version_id, reward_index, client_seed, nonce, owned_box_id",
  produces: "text/csv",
  errors: [400, 401, 403, 429],
});
