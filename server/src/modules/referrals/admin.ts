import { normalizeEmail } from "@arcana/protocol";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type Actor, recordAudit } from "../operator/api.js";
import { memberByEmail, memberById } from "../users/api.js";
import { newMemberCode, normalizeCode } from "./rules.js";
import { referralCodes, referralUses } from "./schema.js";

/** The operator's side (`npm run admin -- kol …`): make a member a KOL with codes of their own rates. */
export function kolAdmin(db: Database, actor: Actor, now: () => Date = () => new Date()) {
  return {
    /** Gives the member a KOL code (audited); a random one unless `options.code`. */
    async add(email: string, options: { code?: string; inviterPoints?: number; inviteePoints?: number }) {
      const member = await memberByEmail(db, normalizeEmail(email));
      if (!member) throw new Error(`No member has the e-mail address ${email}.`);
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = options.code ? normalizeCode(options.code) : newMemberCode();
        const added = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(referralCodes)
            .values({
              code,
              userId: member.id,
              kind: "kol",
              inviterPoints: options.inviterPoints ?? null,
              inviteePoints: options.inviteePoints ?? null,
              createdAt: now(),
            })
            .onConflictDoNothing()
            .returning();
          if (row) {
            const rates = { inviter_points: row.inviterPoints, invitee_points: row.inviteePoints };
            await recordAudit(
              tx,
              actor,
              { action: "kol_add", subject: member, after: { code: row.code, ...rates } },
              now(),
            );
          }
          return row;
        });
        if (added) return { email: member.email, code: added.code };
        if (options.code) throw new Error(`The code ${code} is already taken.`);
      }
      throw new Error("Could not find a free code; try again.");
    },

    /** Every KOL code with its owner, rates, uses and qualified invites, oldest first. */
    async list() {
      const codes = await db
        .select()
        .from(referralCodes)
        .where(eq(referralCodes.kind, "kol"))
        .orderBy(asc(referralCodes.createdAt), asc(referralCodes.code));
      const counts = await db
        .select({
          code: referralUses.code,
          uses: sql<number>`count(*)::int`,
          qualified: sql<number>`(count(*) filter (where ${referralUses.state} in ('qualified', 'claimed')))::int`,
        })
        .from(referralUses)
        .where(eq(referralUses.codeKind, "kol"))
        .groupBy(referralUses.code);
      const emails = new Map<string, string>();
      for (const row of codes) {
        if (!emails.has(row.userId)) emails.set(row.userId, (await memberById(db, row.userId))?.email ?? row.userId);
      }
      return codes.map((row) => {
        const count = counts.find((entry) => entry.code === row.code);
        return {
          code: row.code,
          email: emails.get(row.userId) ?? row.userId,
          inviterPoints: row.inviterPoints,
          inviteePoints: row.inviteePoints,
          disabledAt: row.disabledAt,
          uses: Number(count?.uses ?? 0),
          qualified: Number(count?.qualified ?? 0),
        };
      });
    },

    /** Stops a KOL code from being used; its invites and rewards stay. False when it was already disabled. */
    async disable(rawCode: string): Promise<boolean> {
      const code = normalizeCode(rawCode);
      const [row] = await db
        .select()
        .from(referralCodes)
        .where(and(eq(referralCodes.code, code), eq(referralCodes.kind, "kol")));
      if (!row) throw new Error(`There is no KOL code ${code}.`);
      return db.transaction(async (tx) => {
        const [disabled] = await tx
          .update(referralCodes)
          .set({ disabledAt: now() })
          .where(and(eq(referralCodes.code, code), isNull(referralCodes.disabledAt)))
          .returning();
        if (disabled) {
          const owner = await memberById(tx, disabled.userId);
          await recordAudit(
            tx,
            actor,
            {
              action: "kol_disable",
              subject: owner,
              before: { code, disabled: false },
              after: { code, disabled: true },
            },
            now(),
          );
        }
        return disabled !== undefined;
      });
    },
  };
}
