import type { Language } from "@arcana/protocol";
import { reminderMailTexts } from "./reminder-texts.js";
import { signInMailTexts } from "./sign-in-texts.js";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Whose e-mail it is: the branding's site name and the footer under every message. */
export interface MailBrand {
  siteName: string;
  footer: string | null;
}
const arcana: MailBrand = { siteName: "Arcana", footer: null };

/** The plain-text footer: the brand's line under a signature separator, when it has one. */
const textFooter = (brand: MailBrand) => (brand.footer ? ["", "--", brand.footer] : []);

/** Every e-mail's HTML: the dark card with the site's name on top, `content` (from the heading on), the footer. */
function framed(language: Language, brand: MailBrand, content: string): string {
  const footer = brand.footer
    ? `\n<p style="margin:16px 0 0;font-size:12px;color:#a79fd1">${escapeHtml(brand.footer)}</p>`
    : "";
  return `<!doctype html>
<html lang="${language}"><body style="margin:0;background:#0d0b1a;font-family:Georgia,serif;color:#ece8ff">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#1a1533;border:1px solid #3b2f6b;border-radius:16px">
<tr><td style="padding:32px;text-align:center">
<p style="margin:0 0 8px;font-size:14px;letter-spacing:.2em;text-transform:uppercase;color:#d4af37">${escapeHtml(brand.siteName)}</p>
${content}${footer}
</td></tr></table></td></tr></table></body></html>`;
}

/** The sign-in code e-mail in the member's language: the code large, with its expiry, in HTML and plain text. */
export function signInCodeMail(code: string, expiresInMinutes: number, language: Language = "en", brand = arcana) {
  const SITE_NAME = brand.siteName;
  const texts = signInMailTexts[language];
  const fill = (template: string) =>
    template
      .replaceAll("{siteName}", SITE_NAME)
      .replaceAll("{code}", code)
      .replaceAll("{minutes}", String(expiresInMinutes));
  const [subject, heading, intro, expiry, ignore] = [
    texts.subject,
    texts.heading,
    texts.intro,
    texts.expiry,
    texts.ignore,
  ].map(fill) as [string, string, string, string, string];
  const text = [intro, "", expiry, ignore, ...textFooter(brand)].join("\n");
  const html = framed(
    language,
    brand,
    `<h1 style="margin:0 0 24px;font-size:22px;font-weight:normal">${escapeHtml(heading)}</h1>
<p style="margin:0 0 24px;font-family:'Courier New',monospace;font-size:40px;letter-spacing:.3em;color:#f5d76e"><strong>${code}</strong></p>
<p style="margin:0 0 8px;font-size:15px">${escapeHtml(expiry)}</p>
<p style="margin:0;font-size:13px;color:#a79fd1">${escapeHtml(ignore)}</p>`,
  );
  return { subject, text, html };
}

/** What a streak reminder says: the streak at stake, the points of keeping it and of starting over, and its links. */
export interface StreakReminder {
  streak: number;
  points: number;
  restartPoints: number;
  /** The check-in page (a plain link: no tracking, no redirect). */
  checkInUrl: string;
  /** The member's unsubscribe page (the signed link of `List-Unsubscribe`). */
  unsubscribeUrl: string;
}

/** The streak reminder e-mail in the member's language, under the operator's brand, in HTML and plain text. */
export function streakReminderMail(reminder: StreakReminder, language: Language = "en", brand = arcana) {
  const texts = reminderMailTexts[language];
  const fill = (template: string) =>
    template
      .replaceAll("{siteName}", brand.siteName)
      .replaceAll("{streak}", String(reminder.streak))
      .replaceAll("{points}", String(reminder.points))
      .replaceAll("{restartPoints}", String(reminder.restartPoints));
  const [subject, heading, intro, reward, restart, button, why, unsubscribe] = [
    texts.subject,
    texts.heading,
    texts.intro,
    texts.reward,
    texts.restart,
    texts.button,
    texts.why,
    texts.unsubscribe,
  ].map(fill) as [string, string, string, string, string, string, string, string];
  const text = [
    intro,
    "",
    reward,
    restart,
    "",
    `${button}: ${reminder.checkInUrl}`,
    "",
    why,
    `${unsubscribe}: ${reminder.unsubscribeUrl}`,
    ...textFooter(brand),
  ].join("\n");
  const html = framed(
    language,
    brand,
    `<h1 style="margin:0 0 16px;font-size:22px;font-weight:normal">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;font-size:15px">${escapeHtml(intro)}</p>
<p style="margin:0 0 8px;font-size:18px;color:#f5d76e"><strong>${escapeHtml(reward)}</strong></p>
<p style="margin:0 0 24px;font-size:13px;color:#a79fd1">${escapeHtml(restart)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(reminder.checkInUrl)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#d4af37;color:#0d0b1a;text-decoration:none;font-weight:bold">${escapeHtml(button)}</a></p>
<p style="margin:0 0 8px;font-size:12px;color:#a79fd1">${escapeHtml(why)}</p>
<p style="margin:0;font-size:12px"><a href="${escapeHtml(reminder.unsubscribeUrl)}" style="color:#a79fd1">${escapeHtml(unsubscribe)}</a></p>`,
  );
  return { subject, text, html };
}
