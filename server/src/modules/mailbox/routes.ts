import { listDevMailboxRoute } from "@arcana/protocol";
import type { Hono } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../../http/env.js";
import type { Routes } from "../../http/routes.js";
import type { MailboxService } from "./service.js";

/** The development mailbox: `GET /api/dev/mailbox?to=` for tests and `/dev/mailbox` for people. */
export function registerMailboxRoutes(routes: Routes, mailbox: MailboxService, app: Hono<AppEnv>, siteName: string) {
  routes.publicRoute(listDevMailboxRoute, async (c) =>
    c.json({ data: await mailbox.messages(c.req.valid("query").to) }, 200),
  );

  app.get("/dev/mailbox", async (c) => {
    const rows = await mailbox.messages();
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · ${siteName}</title>
<style>
body{margin:0;background:#0d0b1a;color:#ece8ff;font:16px/1.5 system-ui,sans-serif}
main{max-width:760px;margin:0 auto;padding:32px 16px}
h1{font-family:Georgia,serif;font-weight:normal}
article{background:#1a1533;border:1px solid #3b2f6b;border-radius:12px;padding:16px 20px;margin:0 0 16px}
pre{white-space:pre-wrap;font:inherit;margin:8px 0 0}
small{color:#a79fd1}
</style></head>
<body><main>
<h1>Development mailbox</h1>
<p><small>No SMTP server is configured, so e-mails stay here. Newest first; refresh to see new ones.</small></p>
${rows.length === 0 ? html`<p>No messages yet. Request a sign-in code at <a href="/auth" style="color:#f5d76e">/auth</a>.</p>` : ""}
${rows.map(
  (row) =>
    html`<article><strong>${row.subject}</strong><br><small>to ${row.to} · ${row.sent_at}</small><pre>${row.text}</pre></article>`,
)}
</main></body></html>`);
  });
}
