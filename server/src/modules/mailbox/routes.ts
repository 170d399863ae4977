import { createHash } from "node:crypto";
import { listDevMailboxRoute } from "@arcana/protocol";
import type { Hono } from "hono";
import { html, raw } from "hono/html";
import type { AppEnv } from "../../http/env.js";
import type { Routes } from "../../http/routes.js";
import type { MailboxService } from "./service.js";

/** The mailbox page's one stylesheet: long addresses and links wrap, so it reads on a 360 px screen. */
const mailboxStyle = `
body{margin:0;background:#0d0b1a;color:#ece8ff;font:16px/1.5 system-ui,sans-serif}
main{max-width:760px;margin:0 auto;padding:32px 16px}
h1{font-family:Georgia,serif;font-weight:normal}
a{color:#f5d76e}
article{background:#1a1533;border:1px solid #3b2f6b;border-radius:12px;padding:16px 20px;margin:0 0 16px;overflow-wrap:anywhere}
pre{white-space:pre-wrap;font:inherit;margin:8px 0 0}
small{color:#a79fd1}
`;

/**
 * The page's own policy: nothing but that stylesheet, allowed by its hash (no 'unsafe-inline'), where every answer that
 * is not a page gets `default-src 'none'` (`http/security-headers.ts`), which would leave it unstyled.
 */
const mailboxPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(mailboxStyle).digest("base64")}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** The development mailbox: `GET /api/dev/mailbox?to=` for tests and `/dev/mailbox` for people. */
export function registerMailboxRoutes(routes: Routes, mailbox: MailboxService, app: Hono<AppEnv>, siteName: string) {
  routes.publicRoute(listDevMailboxRoute, async (c) =>
    c.json({ data: await mailbox.messages(c.req.valid("query").to) }, 200),
  );

  app.get("/dev/mailbox", async (c) => {
    const rows = await mailbox.messages();
    c.header("Content-Security-Policy", mailboxPolicy);
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · ${siteName}</title>
<style>${raw(mailboxStyle)}</style></head>
<body><main>
<h1>Development mailbox</h1>
<p><small>No SMTP server is configured, so e-mails stay here. Newest first; refresh to see new ones.</small></p>
${rows.length === 0 ? html`<p>No messages yet. Request a sign-in code at <a href="/auth">/auth</a>.</p>` : ""}
${rows.map(
  (row) =>
    html`<article><strong>${row.subject}</strong><br><small>to ${row.to} · ${row.sent_at}</small>${Object.entries(
      row.headers,
    ).map(([name, value]) => html`<br><small>${name}: ${value}</small>`)}<pre>${row.text}</pre></article>`,
)}
</main></body></html>`);
  });
}
