import type { User } from "@arcana/protocol";
import type { NotificationHandlers, Subscription } from "../../db/client.js";
import { onMemberChange } from "../users/api.js";

/** The channel migration 0011's triggers notify with a member's id when their row or a session changes. */
const MEMBER_CHANGED_CHANNEL = "arcana_member_changed";

/** What a session lookup found: the session, and its member as the API shows them. */
export interface CachedSession {
  sessionId: string;
  userId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  user: User;
}

export interface SessionCache {
  /** The live session of this token hash held in memory, or undefined (then ask the database). */
  get(tokenHash: string, at: Date): CachedSession | undefined;
  /** Remembers what the database answered, unless the member changed since `ticket()` was taken. */
  put(tokenHash: string, session: CachedSession, ticket: number): void;
  /** Taken before the database is asked: a change seen after it keeps that answer out of memory. */
  ticket(): number;
  /** Forgets the member's sessions (a notification, or a change made by this process). */
  forgetMember(userId: string): void;
}

const MAX_ENTRIES = 50_000;
/**
 * A member whose row this process changed in the last 2 s is neither answered from memory nor kept:
 * the notification of the change (migration 0011) may not have arrived yet, and a member must see
 * their own change at once.
 */
const RECENT_CHANGE_MS = 2_000;
/** A backstop: an entry is read again from the database at least this often. */
const MAX_AGE_MS = 60_000;

/**
 * Signed-in members' session lookups kept in memory on PostgreSQL (decision 0011), so a signed-in
 * read needs no database round trip. An entry is dropped when the member's row or one of their
 * sessions changes, on every server: the triggers of migration 0011 notify, each server listens.
 * The cache answers only while notifications are known to arrive (`Subscription.live`: a beat came
 * back within 1.5 s); otherwise every lookup asks the database. So a revoked session is refused
 * everywhere within about a second at worst, and at once on the server that revoked it.
 */
export function createSessionCache(
  listen: (channel: string, handlers: NotificationHandlers) => Promise<Subscription>,
): SessionCache {
  const entries = new Map<string, CachedSession & { storedAt: number }>();
  const tokensOf = new Map<string, Set<string>>();
  /** Counts changes seen; the member's last change, and the last time everything was dropped. */
  let changes = 0;
  let everythingDroppedAt = 0;
  const changedAt = new Map<string, number>();
  /** Members this process is changing, by when it last said so (users module's `onMemberChange`), oldest first. */
  const recentChanges = new Map<string, number>();
  const changedRecently = (userId: string) => {
    const at = recentChanges.get(userId);
    return at !== undefined && Date.now() - at <= RECENT_CHANGE_MS;
  };

  function drop(tokenHash: string) {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const tokens = tokensOf.get(entry.userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) tokensOf.delete(entry.userId);
  }
  function forgetMember(userId: string) {
    changes += 1;
    changedAt.delete(userId);
    changedAt.set(userId, changes);
    if (changedAt.size > MAX_ENTRIES) {
      const oldest = changedAt.keys().next().value;
      if (oldest !== undefined) changedAt.delete(oldest);
      // What was forgotten may still be read: treat it as a change to everyone.
      everythingDroppedAt = changes;
    }
    for (const tokenHash of tokensOf.get(userId) ?? []) drop(tokenHash);
  }
  function forgetEverything() {
    changes += 1;
    everythingDroppedAt = changes;
    entries.clear();
    tokensOf.clear();
    changedAt.clear();
  }

  onMemberChange((userId) => {
    const at = Date.now();
    recentChanges.delete(userId);
    recentChanges.set(userId, at);
    for (const [id, changed] of recentChanges) {
      if (at - changed <= RECENT_CHANGE_MS) break;
      recentChanges.delete(id);
    }
    forgetMember(userId);
  });

  // Until the channel answers, every lookup asks the database; the database's close() ends the subscription.
  let subscription: Subscription | null = null;
  const live = () => subscription?.live() === true;
  listen(MEMBER_CHANGED_CHANNEL, { message: forgetMember, reset: forgetEverything }).then(
    (subscribed) => {
      subscription = subscribed;
    },
    () => {},
  );

  return {
    get(tokenHash, at) {
      if (!live()) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expiresAt <= at || Date.now() - entry.storedAt > MAX_AGE_MS || changedRecently(entry.userId)) {
        drop(tokenHash);
        return undefined;
      }
      return entry;
    },
    put(tokenHash, session, ticket) {
      if (!live() || everythingDroppedAt > ticket) return;
      if ((changedAt.get(session.userId) ?? 0) > ticket || changedRecently(session.userId)) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      entries.set(tokenHash, { ...session, storedAt: Date.now() });
      const tokens = tokensOf.get(session.userId) ?? new Set<string>();
      tokens.add(tokenHash);
      tokensOf.set(session.userId, tokens);
    },
    ticket: () => changes,
    forgetMember,
  };
}
