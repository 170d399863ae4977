import { asc, eq } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { type Actor, recordAudit } from "../operator/api.js";
import { lockMemberForAdmin, type MemberRow, memberByEmail, memberByWallet } from "../users/api.js";
import { allowlist } from "./schema.js";
import { isOnAllowlist, parseAllowlistEntry } from "./service.js";

type AllowlistTarget = { memberId: string } | { entry: string };

/** The entry to write (a member's e-mail, or an e-mail or wallet as typed) and the member it names, if any. */
async function resolve(tx: Transaction, target: AllowlistTarget) {
  if ("memberId" in target) {
    const member = await lockMemberForAdmin(tx, target.memberId);
    return { entry: { entry: member.email, kind: "email" as const }, member };
  }
  const entry = parseAllowlistEntry(target.entry);
  if (!entry) throw new Error(`"${target.entry}" is neither an e-mail address nor an EVM address`);
  const member: MemberRow | undefined =
    entry.kind === "email" ? await memberByEmail(tx, entry.entry) : await memberByWallet(tx, "evm", entry.entry);
  return { entry, member };
}

/**
 * Puts a member (the console's button) or an e-mail or wallet (`npm run admin -- allowlist add`)
 * on the mint allowlist, and its audit row, in one transaction.
 */
export function addToAllowlist(db: Database, actor: Actor, target: AllowlistTarget, at: Date) {
  return db.transaction(async (tx) => {
    const { entry, member } = await resolve(tx, target);
    const before = member
      ? await isOnAllowlist(tx, member.email, member.walletAddress)
      : (await tx.select().from(allowlist).where(eq(allowlist.entry, entry.entry))).length > 0;
    await tx.insert(allowlist).values(entry).onConflictDoNothing();
    // The console names a member; the CLI an entry as typed, which the audit row keeps.
    const named = "entry" in target ? { entry: entry.entry } : {};
    const auditId = await recordAudit(
      tx,
      actor,
      {
        action: "allowlist_add",
        subject: member,
        before: { ...named, on_allowlist: before },
        after: { ...named, on_allowlist: true },
      },
      at,
    );
    return { ...entry, memberId: member?.id ?? null, auditId };
  });
}

/** Takes an e-mail or wallet off the allowlist (`npm run admin -- allowlist remove`), audited; false when it was not on. */
export function removeFromAllowlist(db: Database, actor: Actor, raw: string, at: Date) {
  return db.transaction(async (tx) => {
    const { entry, member } = await resolve(tx, { entry: raw });
    const removed = await tx.delete(allowlist).where(eq(allowlist.entry, entry.entry)).returning();
    await recordAudit(
      tx,
      actor,
      {
        action: "allowlist_remove",
        subject: member,
        before: { entry: entry.entry, on_allowlist: removed.length > 0 },
        after: { entry: entry.entry, on_allowlist: false },
      },
      at,
    );
    return removed.length > 0;
  });
}

/** Every allowlist entry, oldest first (`npm run admin -- allowlist list`). */
export function listAllowlist(db: DatabaseOrTransaction) {
  return db.select().from(allowlist).orderBy(asc(allowlist.addedAt), asc(allowlist.entry));
}
