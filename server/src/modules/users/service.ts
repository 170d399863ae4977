import type { User } from "@arcana/protocol";
import type { users } from "../../db/schema/index.js";

/** The member as the API shows them (`GET /users/mine`, sign-in answers, server rendering). */
export function toUser(row: typeof users.$inferSelect): User {
  return {
    uid: row.id,
    email: row.email,
    pts: row.pts,
    wallet_address: row.walletAddress,
    solana_address: row.solanaAddress,
    is_active: row.isActive,
    type: row.type,
    level: row.level,
    has_password: row.passwordHash !== null,
  };
}
