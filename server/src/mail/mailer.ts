import { desc, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "../db/client.js";
import { devMails } from "./schema.js";

export interface MailMessage {
  /** One bare mailbox, as stored (normalised, checked by `emailAddressSchema`): never parsed as a list. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (`List-Unsubscribe`, `List-Unsubscribe-Post`), sent as given and kept by the dev mailbox. */
  headers?: Record<string, string>;
  /**
   * The message's `Message-ID` (RFC 5322, in angle brackets) when it must be stable: a reminder handed over again
   * after a server died between the mail server's acceptance and the job's record is the same message, which mailbox
   * providers that deduplicate by `Message-ID` show once. A random one when absent.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when messages stay in the development mailbox instead of leaving the machine. */
  readonly isDevMailbox: boolean;
}

/**
 * The mail server refused the recipient for good: an SMTP 5xx reply to RCPT TO (550 mailbox unavailable, 553 bad
 * address…). Sending again will not help, unlike a server that is down or a 4xx (try later).
 */
export class MailUndeliverableError extends Error {
  constructor(
    readonly address: string,
    /** The SMTP reply code (5xx), as on nodemailer's own errors: code that reads `responseCode` reads it here too. */
    readonly responseCode: number,
    readonly reply: string,
    options?: { cause?: unknown },
  ) {
    super(`the mail server refused ${address}: ${reply}`, options);
    this.name = "MailUndeliverableError";
  }
}

/** nodemailer's error for a recipient every reply refused with a permanent (5xx) code. */
function isPermanentRecipientRefusal(error: unknown): error is { response?: string; responseCode: number } {
  const failure = error as { code?: unknown; command?: unknown; responseCode?: unknown } | null;
  return (
    typeof failure === "object" &&
    failure !== null &&
    failure.code === "EENVELOPE" &&
    failure.command === "RCPT TO" &&
    typeof failure.responseCode === "number" &&
    failure.responseCode >= 500 &&
    failure.responseCode < 600
  );
}

/** Real mail over SMTP (`SMTP_URL`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  return createTransportMailer(nodemailer.createTransport(smtpUrl), from);
}

/** Mail through a nodemailer transport (SMTP in production; a stream transport in tests). */
export function createTransportMailer(transport: Pick<Transporter, "sendMail">, from: string): Mailer {
  return {
    isDevMailbox: false,
    async send(message) {
      // An address object: nodemailer takes it as the one recipient, where a string would be read as
      // a header (names, comments, groups, lists: issue 26, finding 1).
      try {
        await transport.sendMail({ from, ...message, to: { name: "", address: message.to } });
      } catch (error) {
        if (!isPermanentRecipientRefusal(error)) throw error;
        throw new MailUndeliverableError(message.to, error.responseCode, error.response ?? String(error.responseCode), {
          cause: error,
        });
      }
    },
  };
}

/**
 * Development: every message is logged and kept in the database for /dev/mailbox and the e2e
 * tests. Never in production, where sign-in codes must not sit in the database or the log.
 */
export function createDevMailbox(db: Database, logger: Logger, now: () => Date, isProduction: boolean): Mailer {
  if (isProduction) throw new Error("the development mailbox is not available in production: set SMTP_URL");
  return {
    isDevMailbox: true,
    async send({ messageId, ...message }) {
      const headers = { ...message.headers, ...(messageId ? { "Message-ID": messageId } : {}) };
      await db.insert(devMails).values({ ...message, headers, sentAt: now() });
      logger.info({ to: message.to, subject: message.subject }, `dev mailbox: ${message.text.split("\n")[0]}`);
    },
  };
}

/** Newest first. */
export async function readDevMailbox(db: Database, to?: string, limit = 50) {
  const rows = await db
    .select()
    .from(devMails)
    .where(to ? eq(devMails.to, to) : undefined)
    .orderBy(desc(devMails.sentAt), desc(devMails.id))
    .limit(limit);
  return rows;
}
