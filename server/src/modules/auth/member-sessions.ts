import type { MemberSession } from "@arcana/protocol";
import { and, desc, eq, gt, isNull, ne, type SQL } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import { ApiError } from "../../shared/errors.js";
import { sessions } from "./schema.js";
import type { SessionCache } from "./session-cache.js";

/** Browsers and systems by the token their User-Agent carries, the most specific first. */
const browsers: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const systems: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser and system a User-Agent names, each null when not recognised. */
export function describeDevice(userAgent: string | null): { browser: string | null; os: string | null } {
  const find = (table: Array<[RegExp, string]>) =>
    (userAgent && table.find(([pattern]) => pattern.test(userAgent))?.[1]) || null;
  return { browser: find(browsers), os: find(systems) };
}

/** A member's live sessions: listing them and ending one, some or all (issue 26, finding 2). */
export function memberSessions(deps: { db: Database; now: () => Date; cache?: SessionCache }) {
  const { db, now, cache } = deps;
  const live = (userId: string) =>
    and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now()));

  /** Ends the member's live sessions that `where` picks; how many. */
  async function end(tx: DatabaseOrTransaction, userId: string, where?: SQL): Promise<number> {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(live(userId), where))
      .returning({ id: sessions.id });
    cache?.forgetMember(userId);
    return ended.length;
  }

  return {
    async list(userId: string, currentSessionId: string): Promise<MemberSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(live(userId))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
      return rows.map((row) => ({
        id: row.id,
        ...describeDevice(row.userAgent),
        signed_in_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** Ends one live session of the member; 404 for one that is not theirs, or no longer live. */
    async endOne(userId: string, sessionId: string): Promise<number> {
      const ended = await end(db, userId, eq(sessions.id, sessionId));
      if (ended === 0) throw new ApiError("not_found", "There is no such session, or it has already ended.");
      return ended;
    },

    /** Every live session of the member ("sign out everywhere"). */
    endAll: (userId: string) => end(db, userId),

    /** Every live session but one (after a password change: the thief's go, the member's stays). */
    endOthers: (tx: DatabaseOrTransaction, userId: string, keepSessionId: string | null) =>
      end(tx, userId, keepSessionId === null ? undefined : ne(sessions.id, keepSessionId)),
  };
}
