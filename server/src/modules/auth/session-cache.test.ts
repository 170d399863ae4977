import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, type Subscription } from "../../db/client.js";
import { capturingMailer, unlimitedLimiter } from "../../test/app.js";
import { createScratchDatabase, createTestDatabase } from "../../test/database.js";
import { grantPoints } from "../ledger/api.js";
import { signUpOrTouch } from "../users/service.js";
import { sessions } from "./schema.js";
import { generateSessionToken, hashSessionToken } from "./secrets.js";
import { createAuthService } from "./service.js";
import { type CachedSession, createSessionCache, type SessionCache } from "./session-cache.js";

/** A notification channel the test drives: what `DatabaseHandle.listen` hands the cache. */
function fakeChannel() {
  let handlers: { message(payload: string): void; reset(): void } | undefined;
  let live = true;
  const listen = async (_channel: string, h: typeof handlers & object): Promise<Subscription> => {
    handlers = h;
    return { live: () => live, stop: async () => {} };
  };
  return {
    listen,
    notify: (userId: string) => handlers?.message(userId),
    reset: () => handlers?.reset(),
    setLive: (value: boolean) => {
      live = value;
    },
  };
}

const at = new Date("2026-11-24T12:00:00Z");
const entry = (userId: string, expiresAt = new Date(at.getTime() + 3_600_000)): CachedSession => ({
  sessionId: `session-of-${userId}`,
  userId,
  lastSeenAt: at,
  expiresAt,
  user: {
    uid: userId,
    email: `${userId}@example.com`,
    pts: 0,
    wallet_address: null,
    solana_address: null,
    is_active: false,
    type: "free",
    level: "bronze",
    display_level: "bronze",
    has_password: false,
    language: null,
    member_since: "2026-01-01T00:00:00.000Z",
  },
});
const subscribed = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the session cache's rules", () => {
  it("answers from memory what it was given, and forgets a member when told they changed", async () => {
    const channel = fakeChannel();
    const cache = createSessionCache(channel.listen);
    await subscribed();
    cache.put("token-a", entry("ada"), cache.ticket());
    cache.put("token-b", entry("bob"), cache.ticket());
    expect(cache.get("token-a", at)?.userId).toBe("ada");
    channel.notify("ada");
    expect(cache.get("token-a", at)).toBeUndefined();
    expect(cache.get("token-b", at)?.userId).toBe("bob");
    channel.reset();
    expect(cache.get("token-b", at)).toBeUndefined();
  });

  it("keeps out an answer read before a change it heard of while the database was asked", async () => {
    const channel = fakeChannel();
    const cache = createSessionCache(channel.listen);
    await subscribed();
    const ticket = cache.ticket();
    channel.notify("ada");
    cache.put("token-a", entry("ada"), ticket);
    expect(cache.get("token-a", at)).toBeUndefined();
    const afterReset = cache.ticket();
    cache.put("token-b", entry("bob"), ticket);
    channel.reset();
    cache.put("token-b", entry("bob"), afterReset);
    expect(cache.get("token-b", at)).toBeUndefined();
  });

  it("answers nothing while notifications are not known to arrive, and nothing expired", async () => {
    const channel = fakeChannel();
    const cache: SessionCache = createSessionCache(channel.listen);
    expect(cache.get("token-a", at)).toBeUndefined();
    await subscribed();
    cache.put("token-a", entry("ada"), cache.ticket());
    channel.setLive(false);
    expect(cache.get("token-a", at)).toBeUndefined();
    channel.setLive(true);
    expect(cache.get("token-a", at)?.userId).toBe("ada");
    expect(cache.get("token-a", new Date(at.getTime() + 3_600_000))).toBeUndefined();
  });
});

/** An auth service on its own connection to the database: one server. */
function server(database: DatabaseHandle) {
  const cache = database.listen ? createSessionCache(database.listen) : undefined;
  const auth = createAuthService({
    db: database.db,
    mailer: capturingMailer().mailer,
    limiter: unlimitedLimiter(),
    logger: pino({ level: "silent" }),
    now: () => new Date(),
    secret: "session-cache-test-secret-0123456789",
    cache,
  });
  return { auth, cache };
}

async function memberWithSession(database: DatabaseHandle, email: string) {
  const member = await signUpOrTouch(database.db, email);
  const token = generateSessionToken();
  const now = new Date();
  const [row] = await database.db
    .insert(sessions)
    .values({
      tokenHash: hashSessionToken(token),
      userId: member.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      userAgent: "test",
    })
    .returning();
  return { userId: member.id, token, sessionId: row?.id as string };
}

/** Polls `check` every 10 ms until it is true; the milliseconds it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("two servers on one database", () => {
  it("a session revoked on one server is refused on the other within 1 s; its own changes show at once", async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      // PGlite is one process's database: no notifications, so no cache, and every lookup reads it.
      const database = await createTestDatabase();
      cleanups.push(() => database.dispose());
      expect(database.listen).toBeUndefined();
      const { auth } = server(database);
      const { token, sessionId } = await memberWithSession(database, "ada@example.com");
      expect((await auth.authenticate(token))?.sessionId).toBe(sessionId);
      await auth.signOut(sessionId);
      expect(await auth.authenticate(token)).toBeNull();
      return;
    }
    const scratch = await createScratchDatabase(url);
    const first = await openDatabase({ kind: "postgres", url: scratch.url });
    await first.migrate();
    const second = await openDatabase({ kind: "postgres", url: scratch.url });
    cleanups.push(async () => {
      await first.close();
      await second.close();
      await scratch.drop();
    });
    const a = server(first);
    const b = server(second);
    const ada = await memberWithSession(first, "ada@example.com");
    const tokenHash = hashSessionToken(ada.token);

    // Server A answers from memory once notifications are known to arrive.
    await within(3_000, async () => {
      await a.auth.authenticate(ada.token);
      return a.cache?.get(tokenHash, new Date()) !== undefined;
    });

    // Points moved by server B reach A's answer within 1 s.
    await grantPoints(second.db, { userId: ada.userId, kind: "test", amount: 7, reference: "b-1" });
    await within(1_000, async () => (await a.auth.authenticate(ada.token))?.user.pts === 7);

    // Points moved by A itself show in A's very next answer.
    await grantPoints(first.db, { userId: ada.userId, kind: "test", amount: 5, reference: "a-1" });
    expect((await a.auth.authenticate(ada.token))?.user.pts).toBe(12);

    // Signed out on B: refused on A within 1 s, and on B at once.
    await a.auth.authenticate(ada.token);
    await b.auth.authenticate(ada.token);
    await b.auth.signOut(ada.sessionId);
    expect(await b.auth.authenticate(ada.token)).toBeNull();
    const took = await within(1_000, async () => (await a.auth.authenticate(ada.token)) === null);
    expect(took).toBeLessThan(1_000);
  });
});
