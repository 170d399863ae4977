import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** What the key is for: a token made for one purpose never verifies for another (sessions sign with their own). */
const PURPOSE = "arcana streak-reminder unsubscribe v1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The unsubscribe key: derived from a server secret (HKDF-SHA256) for this purpose alone, never the secret itself. */
function unsubscribeKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", PURPOSE, 32));
}

const mac = (key: Buffer, userId: string) => createHmac("sha256", key).update(userId).digest();

/**
 * Signed, member-specific unsubscribe tokens (`<member id>.<HMAC>`): they work without a session, name one
 * member, and cannot be made for another without the server's secret. Signed with the key of `SESSION_SECRET`;
 * accepted with the key of `PREVIOUS_SESSION_SECRET` too, so links in e-mails already sent keep working through
 * the same two-step rotation as sessions (docs/operating.md).
 */
export function createUnsubscribeTokens(secret: string, previousSecret: string | null = null) {
  const key = unsubscribeKey(secret);
  const keys = previousSecret ? [key, unsubscribeKey(previousSecret)] : [key];
  return {
    sign(userId: string): string {
      return `${userId}.${mac(key, userId).toString("base64url")}`;
    },
    /** The member a token names, or null when it is malformed or not ours (tampered, for another member, foreign key). */
    verify(token: string): string | null {
      const [userId, signature, ...rest] = token.split(".");
      if (!userId || !signature || rest.length > 0 || !UUID.test(userId) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) {
        return null;
      }
      const given = Buffer.from(signature, "base64url");
      if (given.length !== 32) return null;
      return keys.some((candidate) => timingSafeEqual(mac(candidate, userId), given)) ? userId : null;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
