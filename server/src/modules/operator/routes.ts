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
  listOperatorAuditRoute,
  listOperatorMemberLedgerRoute,
  searchOperatorMembersRoute,
  unbindMemberWalletRoute,
} from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { Actor, ExportKind, OperatorService } from "./service.js";

export function registerOperatorRoutes(api: OpenAPIHono<AppEnv>, operator: OperatorService, config: Config) {
  // Before any input is read: whoever is not an operator learns nothing from validation errors.
  api.use("/operator/*", async (c, next) => {
    const member = await requireMember(c, config);
    await operator.assertOperator(member.user.uid);
    await next();
  });
  const actor = async (c: Context<AppEnv>): Promise<Actor> => {
    const { user } = await requireMember(c, config);
    return { id: user.uid, email: user.email };
  };

  api.openapi(openApiRoute(getOperatorOverviewRoute), async (c) =>
    c.json({ data: await operator.overview(c.req.valid("query").days) }, 200),
  );
  api.openapi(openApiRoute(getOperatorBoxesRoute), async (c) => c.json({ data: await operator.boxes() }, 200));
  api.openapi(openApiRoute(getOperatorInvitesRoute), async (c) => c.json({ data: await operator.invites() }, 200));
  api.openapi(openApiRoute(searchOperatorMembersRoute), async (c) =>
    c.json({ data: await operator.searchMembers(c.req.valid("query").q) }, 200),
  );
  api.openapi(openApiRoute(getOperatorMemberRoute), async (c) =>
    c.json({ data: await operator.member(c.req.valid("param").id) }, 200),
  );
  api.openapi(openApiRoute(listOperatorMemberLedgerRoute), async (c) => {
    const { per_page, cursor } = c.req.valid("query");
    return c.json({ data: await operator.memberLedger(c.req.valid("param").id, { perPage: per_page, cursor }) }, 200);
  });
  api.openapi(openApiRoute(adjustMemberPointsRoute), async (c) =>
    c.json({ data: await operator.adjustPoints(await actor(c), c.req.valid("param").id, c.req.valid("json")) }, 200),
  );
  api.openapi(openApiRoute(unbindMemberWalletRoute), async (c) =>
    c.json(
      { data: await operator.unbindWallet(await actor(c), c.req.valid("param").id, c.req.valid("json").kind) },
      200,
    ),
  );
  api.openapi(openApiRoute(allowlistMemberRoute), async (c) =>
    c.json({ data: await operator.addToAllowlist(await actor(c), c.req.valid("param").id) }, 200),
  );
  api.openapi(openApiRoute(listOperatorAuditRoute), async (c) => {
    const { per_page, cursor } = c.req.valid("query");
    return c.json({ data: await operator.audit({ perPage: per_page, cursor }) }, 200);
  });
  api.openapi(openApiRoute(getOperatorChainsRoute), async (c) => c.json({ data: await operator.chains() }, 200));

  const csvDownload = (stream: ReadableStream<Uint8Array>, kind: ExportKind) =>
    new Response(stream, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="arcana-${kind.replace("_", "-")}.csv"`,
        "cache-control": "no-store",
      },
    });
  api.openapi(openApiRoute(exportLedgerRoute), async (c) =>
    csvDownload(await operator.exportCsv(await actor(c), "ledger", c.req.valid("query")), "ledger"),
  );
  api.openapi(openApiRoute(exportMembersRoute), async (c) =>
    csvDownload(await operator.exportCsv(await actor(c), "members"), "members"),
  );
  api.openapi(openApiRoute(exportBoxOpeningsRoute), async (c) =>
    csvDownload(await operator.exportCsv(await actor(c), "box_openings", c.req.valid("query")), "box_openings"),
  );
}
