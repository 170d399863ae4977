import { type devMailSchema, normalizeEmail } from "@arcana/protocol";
import type { z } from "zod";

type DevMail = z.infer<typeof devMailSchema>;

import type { Database } from "../../db/client.js";
import { readDevMailbox } from "../../mail/mailer.js";

/** The development mailbox as people and the e2e tests read it: newest first, optionally for one address. */
export function createMailboxService(db: Database) {
  return {
    async messages(to?: string): Promise<DevMail[]> {
      const rows = await readDevMailbox(db, to ? normalizeEmail(to) : undefined);
      return rows.map((row) => ({
        to: row.to,
        subject: row.subject,
        text: row.text,
        headers: row.headers,
        sent_at: row.sentAt.toISOString(),
      }));
    },
  };
}
export type MailboxService = ReturnType<typeof createMailboxService>;
