import {
  adjustMemberPointsRoute,
  allowlistMemberRoute,
  exportBoxOpeningsRoute,
  exportLedgerRoute,
  exportMembersRoute,
  getOperatorBoxesRoute,
  getOperatorChainsRoute,
  getOperatorInvitesRoute,
  getOperatorMemberRoute,
  getOperatorOverviewRoute,
  getOperatorRemindersRoute,
  listOperatorAuditRoute,
  listOperatorMemberLedgerRoute,
  searchOperatorMembersRoute,
  unbindMemberWalletRoute,
} from "@arcana/protocol";
import type { Database } from "../../db/client.js";
import { answerLanguage } from "../../http/language.js";
import type { Routes } from "../../http/routes.js";
import type { Authenticated } from "../auth/api.js";
import { adjustPoints } from "../ledger/api.js";
import { addToAllowlist } from "../passes/api.js";
import { unbindWallet } from "../wallets/api.js";
import type { Actor } from "./api.js";
import type { ExportKind, OperatorReports } from "./reports.js";

export interface OperatorRouteDeps {
  db: Database;
  reports: OperatorReports;
  now: () => Date;
}

export function registerOperatorRoutes(routes: Routes, { db, reports, now }: OperatorRouteDeps) {
  const actor = (operator: Authenticated): Actor => ({ kind: "operator", id: operator.user.uid });

  routes.operatorRoute(getOperatorOverviewRoute, async (c) =>
    c.json({ data: await reports.overview(c.req.valid("query").days) }, 200),
  );
  routes.operatorRoute(getOperatorBoxesRoute, async (c) =>
    c.json({ data: await reports.boxes(await answerLanguage(c)) }, 200),
  );
  routes.operatorRoute(getOperatorRemindersRoute, async (c) => c.json({ data: await reports.reminders() }, 200));
  routes.operatorRoute(getOperatorInvitesRoute, async (c) => c.json({ data: await reports.invites() }, 200));
  routes.operatorRoute(searchOperatorMembersRoute, async (c) =>
    c.json({ data: await reports.searchMembers(c.req.valid("query").q) }, 200),
  );
  routes.operatorRoute(getOperatorMemberRoute, async (c) =>
    c.json({ data: await reports.member(c.req.valid("param").id) }, 200),
  );
  routes.operatorRoute(listOperatorMemberLedgerRoute, async (c) => {
    const { per_page, cursor } = c.req.valid("query");
    return c.json({ data: await reports.memberLedger(c.req.valid("param").id, { perPage: per_page, cursor }) }, 200);
  });
  routes.operatorRoute(adjustMemberPointsRoute, async (c, operator) => {
    const done = await adjustPoints(db, actor(operator), c.req.valid("param").id, c.req.valid("json"), now());
    return c.json({ data: await reports.actionResult(done) }, 200);
  });
  routes.operatorRoute(unbindMemberWalletRoute, async (c, operator) => {
    const done = await unbindWallet(db, actor(operator), c.req.valid("param").id, c.req.valid("json").kind, now());
    return c.json({ data: await reports.actionResult(done) }, 200);
  });
  routes.operatorRoute(allowlistMemberRoute, async (c, operator) => {
    const done = await addToAllowlist(db, actor(operator), { memberId: c.req.valid("param").id }, now());
    return c.json(
      { data: await reports.actionResult({ memberId: c.req.valid("param").id, auditId: done.auditId }) },
      200,
    );
  });
  routes.operatorRoute(listOperatorAuditRoute, async (c) => {
    const { per_page, cursor } = c.req.valid("query");
    return c.json({ data: await reports.audit({ perPage: per_page, cursor }) }, 200);
  });
  routes.operatorRoute(getOperatorChainsRoute, async (c) => c.json({ data: await reports.chains() }, 200));

  const csvDownload = (stream: ReadableStream<Uint8Array>, kind: ExportKind) =>
    new Response(stream, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="arcana-${kind.replace("_", "-")}.csv"`,
        "cache-control": "no-store",
      },
    });
  routes.operatorRoute(exportLedgerRoute, async (c, operator) =>
    csvDownload(await reports.exportCsv(actor(operator), "ledger", c.req.valid("query")), "ledger"),
  );
  routes.operatorRoute(exportMembersRoute, async (_c, operator) =>
    csvDownload(await reports.exportCsv(actor(operator), "members"), "members"),
  );
  routes.operatorRoute(exportBoxOpeningsRoute, async (c, operator) =>
    csvDownload(await reports.exportCsv(actor(operator), "box_openings", c.req.valid("query")), "box_openings"),
  );
}
