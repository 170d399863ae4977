import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { prepareRowWithMember, toUser } from "../users/api.js";
import type { AuthContext } from "./auth-context.js";
import type { Authenticated } from "./authenticated.js";
import { sessions } from "./schema.js";
import { hashSessionToken } from "./secrets.js";

/** A session is touched at most this often, so reading pages does not write on every request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/** The member behind a session token, or null for an unknown, expired or revoked one. Every signed-in request runs it. */
export function createAuthenticate({ db, now, cache }: AuthContext) {
  /** A live session and its member in one prepared query. */
  const sessionWithMember = prepareRowWithMember(
    db,
    "session_with_member",
    sessions,
    { id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt },
    sessions.userId,
    and(
      eq(sessions.tokenHash, sql.placeholder("tokenHash")),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql.placeholder("at")),
    ),
  );

  return async (token: string): Promise<Authenticated | null> => {
    if (!token || token.length > 200) return null;
    const at = now();
    const tokenHash = hashSessionToken(token);
    let session = cache?.get(tokenHash, at);
    if (!session) {
      const ticket = cache?.ticket() ?? 0;
      const found = await sessionWithMember({ tokenHash, at: at.toISOString() });
      if (!found) return null;
      session = {
        sessionId: found.row.id,
        userId: found.member.id,
        lastSeenAt: found.row.lastSeenAt,
        expiresAt: found.row.expiresAt,
        user: toUser(found.member),
      };
      cache?.put(tokenHash, session, ticket);
    }
    if (at.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, session.sessionId));
      cache?.forgetMember(session.userId);
    }
    return { user: { ...session.user }, sessionId: session.sessionId };
  };
}

/** Ends one session (signing out). */
export async function signOut({ db, now, cache }: AuthContext, sessionId: string): Promise<void> {
  const [revoked] = await db
    .update(sessions)
    .set({ revokedAt: now() })
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  if (revoked) cache?.forgetMember(revoked.userId);
}
