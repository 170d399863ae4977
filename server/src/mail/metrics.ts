import { Counter, type Registry } from "prom-client";
import type { Mailer } from "./mailer.js";

/** The mailer, counting what it sent and what failed (`arcana_mail_sent_total`, `arcana_mail_failures_total`). */
export function countedMailer(mailer: Mailer, registry: Registry): Mailer {
  const sent = new Counter({
    name: "arcana_mail_sent_total",
    help: "E-mails handed to the mail server",
    registers: [registry],
  });
  const failed = new Counter({
    name: "arcana_mail_failures_total",
    help: "E-mails the mail server refused or could not be reached for",
    registers: [registry],
  });
  return {
    isDevMailbox: mailer.isDevMailbox,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        failed.inc();
        throw error;
      }
      sent.inc();
    },
  };
}
