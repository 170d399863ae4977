import type { User } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import { getAddress } from "viem";
import type { Database } from "../../db/client.js";
import { users } from "../../db/schema/index.js";

/** The member as the API shows them (`GET /users/mine`, sign-in answers, server rendering). */
export function toUser(row: typeof users.$inferSelect): User {
  return {
    uid: row.id,
    email: row.email,
    pts: row.pts,
    // Stored lower-case so uniqueness ignores case; shown checksummed (EIP-55).
    wallet_address: row.walletAddress ? getAddress(row.walletAddress) : null,
    solana_address: row.solanaAddress,
    is_active: row.isActive,
    type: row.type,
    level: row.level,
    display_level: displayLevel(row),
    has_password: row.passwordHash !== null,
  };
}

/** The level a member sees: an active member of type `free` is shown at level gold (spec §4). */
export function displayLevel(member: { type: string; isActive: boolean; level: string }): string {
  return member.type === "free" && member.isActive ? "gold" : member.level;
}

/** `email` normalised (trimmed, lower-cased) by the caller. */
export async function memberByEmail(db: Database, email: string): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}
