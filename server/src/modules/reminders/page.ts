import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import { html, raw } from "hono/html";
import type { AppEnv } from "../../http/env.js";
import { reminderPageTexts } from "../../mail/reminder-texts.js";
import type { LinkedMember, ReminderService } from "./service.js";

const pageStyle = `
body{margin:0;background:#0d0b1a;color:#ece8ff;font:16px/1.5 system-ui,sans-serif}
main{max-width:480px;margin:0 auto;padding:48px 16px;text-align:center}
h1{font-family:Georgia,serif;font-weight:normal}
p{color:#c9c2ee}
button{font:inherit;padding:12px 24px;border-radius:999px;border:0;background:#d4af37;color:#0d0b1a;font-weight:bold;cursor:pointer}
small{color:#a79fd1;letter-spacing:.2em;text-transform:uppercase}
`;

/** The page's own policy: its one stylesheet by hash, and forms that post back to this site only. */
const pagePolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(pageStyle).digest("base64")}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

/**
 * The page a reminder's "stop these reminders" link opens, in the member's language: `GET` only shows the state
 * (a link scanner that follows it changes nothing) with one button, "stop" or "turn back on"; the buttons post
 * back here. The one-click `POST /api/reminders/unsubscribe` of `List-Unsubscribe` needs no page at all.
 */
export function registerReminderPages(app: Hono<AppEnv>, reminders: ReminderService, siteName: string) {
  const render = (c: Context<AppEnv>, token: string, member: LinkedMember | null, status: 200 | 400 = 200) => {
    const texts = reminderPageTexts[member?.language ?? "en"];
    const query = `?token=${encodeURIComponent(token)}`;
    const [heading, body, action, button] = !member
      ? [texts.invalidHeading, texts.invalidBody, null, null]
      : member.enabled
        ? [texts.onHeading, texts.onBody, `/reminders/unsubscribe${query}`, texts.turnOff]
        : [texts.offHeading, texts.offBody, `/reminders/resubscribe${query}`, texts.turnOn];
    c.header("Content-Security-Policy", pagePolicy);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.html(
      html`<!doctype html>
<html lang="${member?.language ?? "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${texts.title} · ${siteName}</title>
<style>${raw(pageStyle)}</style></head>
<body><main>
<small>${siteName}</small>
<h1 data-testid="reminder-page-heading">${heading}</h1>
<p>${body}</p>
${action ? html`<form method="post" action="${action}"><button type="submit" data-testid="reminder-page-button">${button}</button></form>` : ""}
</main></body></html>`,
      status,
    );
  };
  const tokenOf = (c: Context<AppEnv>) => c.req.query("token") ?? "";

  app.get("/reminders/unsubscribe", async (c) => {
    const token = tokenOf(c);
    const member = await reminders.memberOfToken(token);
    return render(c, token, member, member ? 200 : 400);
  });
  app.post("/reminders/unsubscribe", async (c) => {
    const token = tokenOf(c);
    const member = await reminders.memberOfToken(token);
    if (!member) return render(c, token, null, 400);
    return render(c, token, await reminders.unsubscribe(token));
  });
  app.post("/reminders/resubscribe", async (c) => {
    const token = tokenOf(c);
    const member = await reminders.memberOfToken(token);
    if (!member) return render(c, token, null, 400);
    // With the site's reminders off there is nothing to turn back on: the page says they are off.
    return render(c, token, member.enabled ? member : await reminders.resubscribe(token).catch(() => member));
  });
}
