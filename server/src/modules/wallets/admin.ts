import { isAddress } from "viem";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import { type Actor, recordAudit } from "../operator/api.js";
import { lockMemberForAdmin, type MemberRow, memberByEmail, memberByWallet, setBoundWallet } from "../users/api.js";
import type { BoundWalletKind } from "./service.js";

/**
 * Releases a member's lost EVM wallet or Solana address so they can bind another (the console's
 * unbind button, `npm run admin -- wallet unbind`), and its audit row, in one transaction; the
 * passes stay with the old wallet. `released` is null when nothing was bound.
 */
export function unbindWallet(
  db: Database,
  actor: Actor,
  memberId: string,
  kind: BoundWalletKind,
  at: Date,
): Promise<{ memberId: string; email: string; released: string | null; auditId: number }> {
  return db.transaction(async (tx) => {
    const member = await lockMemberForAdmin(tx, memberId);
    const released = kind === "evm" ? member.walletAddress : member.solanaAddress;
    if (released) await setBoundWallet(tx, member.id, kind, null, at);
    const field = kind === "evm" ? "wallet_address" : "solana_address";
    const auditId = await recordAudit(
      tx,
      actor,
      {
        action: kind === "evm" ? "wallet_unbind" : "solana_unbind",
        subject: member,
        before: { [field]: released },
        after: { [field]: null },
      },
      at,
    );
    return { memberId: member.id, email: member.email, released, auditId };
  });
}

/** The member an operator names by e-mail or by a bound EVM or Solana address (`npm run admin -- wallet …`). */
export async function memberNamed(db: DatabaseOrTransaction, identifier: string): Promise<MemberRow> {
  const value = identifier.trim();
  const row = value.includes("@")
    ? await memberByEmail(db, value.toLowerCase())
    : await memberByWallet(db, isAddress(value, { strict: false }) ? "evm" : "solana", value);
  if (!row) throw new Error(`No member has the e-mail address or bound wallet "${value}".`);
  return row;
}
