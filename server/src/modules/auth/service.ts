import {
  emailAddressSchema,
  INVALID_EMAIL_MESSAGE,
  type Language,
  normalizeEmail,
  passwordProblem,
  SEND_CODE_INTERVAL_MS,
  SESSION_TTL_MS,
  type SendCodeResponse,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_MAX_FAILURES,
  SIGN_IN_CODE_TTL_MS,
  type User,
} from "@arcana/protocol";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client.js";
import { ApiError } from "../../http/api-error.js";
import { DependencyUnavailableError } from "../../http/dependency.js";
import type { Mailer } from "../../mail/mailer.js";
import { type MailBrand, signInCodeMail } from "../../mail/templates.js";
import type { RateLimit, RateLimiter } from "../../rate-limit/limiter.js";
import {
  memberByEmail,
  memberById,
  prepareRowWithMember,
  setPasswordHash,
  signUpOrTouch,
  toUser,
} from "../users/api.js";
import { loginCodes, sessions } from "./schema.js";
import {
  decoyPasswordHash,
  digestsMatch,
  generateSessionToken,
  generateSignInCode,
  hashPassword,
  hashSessionToken,
  hashSignInCode,
  verifyPassword,
} from "./secrets.js";
import type { SessionCache } from "./session-cache.js";

export const authLimits = {
  sendCodePerEmail: { name: "send_code_email", max: 1, windowMs: SEND_CODE_INTERVAL_MS },
  sendCodePerIp: { name: "send_code_ip", max: 30, windowMs: 60 * 60 * 1000 },
  /** Code sign-ins per network, whichever addresses they name. */
  codeSignInPerIp: { name: "code_sign_in_ip", max: 30, windowMs: 15 * 60 * 1000 },
  /**
   * Wrong codes per address across resends (each code also locks after 5): ~240 guesses a day at
   * most, and an attacker can keep the owner from signing in by code for an hour at most.
   */
  wrongCodesPerEmail: { name: "wrong_codes_email", max: 10, windowMs: 60 * 60 * 1000 },
  passwordPerAccount: { name: "password_account", max: 10, windowMs: 15 * 60 * 1000 },
  passwordPerIp: { name: "password_ip", max: 50, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimit>;

/** A session is touched at most this often, so reading pages does not write on every request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  logger: Logger;
  now: () => Date;
  secret: string;
  /** The secret before the last rotation (SESSION_SECRET_PREVIOUS): codes it keyed still sign in. */
  previousSecret?: string | null;
  /** Session lookups kept in memory (PostgreSQL only; session-cache.ts). */
  cache?: SessionCache;
  /** Whose e-mails they are (the branding's name and footer); Arcana's own when absent. */
  mailBrand?: MailBrand;
}

export interface Authenticated {
  user: User;
  sessionId: string;
}

export interface SignedIn {
  token: string;
  user: User;
  expiresAt: Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

function tooManyWrongCodes(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(
    "too_many_requests",
    `Too many wrong codes for this address. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or sign in with your password.`,
    { retry_after: retryAfterSeconds },
  );
}

export function createAuthService(deps: AuthDeps) {
  const { db, limiter, now, secret, cache } = deps;
  const secrets = deps.previousSecret ? [secret, deps.previousSecret] : [secret];

  async function enforce(limit: RateLimit, subject: string, message: string) {
    const result = await limiter.hit(limit, subject);
    if (!result.allowed) {
      throw new ApiError("too_many_requests", message, { retry_after: result.retryAfterSeconds });
    }
  }

  function validEmail(raw: string): string {
    // The route's schema already refused what this refuses; other callers (the CLI) meet the same rule.
    const email = normalizeEmail(raw);
    if (!emailAddressSchema.safeParse(email).success) throw new ApiError("invalid_email", INVALID_EMAIL_MESSAGE);
    return email;
  }

  async function startSession(userId: string, userAgent: string | null): Promise<{ token: string; expiresAt: Date }> {
    const token = generateSessionToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
    await db.insert(sessions).values({
      tokenHash: hashSessionToken(token),
      userId,
      createdAt: at,
      lastSeenAt: at,
      expiresAt,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt };
  }

  /** A live session and its member in one prepared query: every signed-in request runs it. */
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

  return {
    /** E-mails a fresh code. The answer is the same whether or not the address has an account. */
    async sendCode(rawEmail: string, ip: string, language: Language = "en"): Promise<SendCodeResponse> {
      const email = validEmail(rawEmail);
      await enforce(authLimits.sendCodePerIp, ip, "Too many codes requested from your network. Try again later.");
      await enforce(
        authLimits.sendCodePerEmail,
        email,
        "A code was just sent to this address. Wait a minute before asking again.",
      );
      const code = generateSignInCode();
      const at = now();
      const row = {
        email,
        codeHash: hashSignInCode(secret, email, code),
        expiresAt: new Date(at.getTime() + SIGN_IN_CODE_TTL_MS),
        failedAttempts: 0,
        createdAt: at,
      };
      await db.insert(loginCodes).values(row).onConflictDoUpdate({ target: loginCodes.email, set: row });
      try {
        await deps.mailer.send({
          to: email,
          ...signInCodeMail(code, SIGN_IN_CODE_TTL_MS / 60_000, language, deps.mailBrand),
        });
      } catch (error) {
        await limiter.reset(authLimits.sendCodePerEmail, email);
        throw new DependencyUnavailableError("smtp", { cause: error });
      }
      return { sent: true, resend_after: SEND_CODE_INTERVAL_MS / 1000, expires_in: SIGN_IN_CODE_TTL_MS / 1000 };
    },

    /** Checks the code once; the first successful sign-in creates the account. */
    async signInWithCode(rawEmail: string, code: string, ip: string, userAgent: string | null): Promise<SignedIn> {
      const email = validEmail(rawEmail);
      if (!new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`).test(code)) {
        throw new ApiError("invalid_code", `Enter the ${SIGN_IN_CODE_LENGTH}-digit code from the e-mail.`);
      }
      await enforce(authLimits.codeSignInPerIp, ip, "Too many sign-in attempts from your network. Try again later.");
      const cap = await limiter.peek(authLimits.wrongCodesPerEmail, email);
      if (!cap.allowed) throw tooManyWrongCodes(cap.retryAfterSeconds);
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.email, email)).for("update");
        if (!row)
          return {
            ok: false as const,
            error: new ApiError("invalid_code", "This code is not valid. Request a new code."),
          };
        if (row.failedAttempts >= SIGN_IN_CODE_MAX_FAILURES) {
          return {
            ok: false as const,
            error: new ApiError("code_locked", "Too many wrong tries. Request a new code."),
          };
        }
        if (row.expiresAt.getTime() <= now().getTime()) {
          return {
            ok: false as const,
            error: new ApiError("code_expired", "This code has expired. Request a new code."),
          };
        }
        if (!secrets.some((key) => digestsMatch(row.codeHash, hashSignInCode(key, email, code)))) {
          const failures = row.failedAttempts + 1;
          await tx.update(loginCodes).set({ failedAttempts: failures }).where(eq(loginCodes.email, email));
          const left = SIGN_IN_CODE_MAX_FAILURES - failures;
          return {
            ok: false as const,
            wrongCode: true,
            error:
              left > 0
                ? new ApiError("invalid_code", `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`)
                : new ApiError("code_locked", "Too many wrong tries. Request a new code."),
          };
        }
        await tx.delete(loginCodes).where(eq(loginCodes.email, email));
        return { ok: true as const, user: await signUpOrTouch(tx, email) };
      });
      if (!outcome.ok) {
        if ("wrongCode" in outcome) {
          const counted = await limiter.hit(authLimits.wrongCodesPerEmail, email);
          if (!counted.allowed) throw tooManyWrongCodes(counted.retryAfterSeconds);
        }
        throw outcome.error;
      }
      await limiter.reset(authLimits.wrongCodesPerEmail, email);
      const session = await startSession(outcome.user.id, userAgent);
      return { ...session, user: toUser(outcome.user) };
    },

    async signInWithPassword(
      rawEmail: string,
      password: string,
      ip: string,
      userAgent: string | null,
    ): Promise<SignedIn> {
      const email = validEmail(rawEmail);
      await enforce(authLimits.passwordPerIp, ip, "Too many sign-in attempts from your network. Try again later.");
      await enforce(
        authLimits.passwordPerAccount,
        email,
        "Too many sign-in attempts for this account. Try again later or use a code.",
      );
      const user = await memberByEmail(db, email);
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyPassword(await decoyPasswordHash(), password).then(() => false);
      if (!user || !valid) throw new ApiError("invalid_credentials", "The e-mail or password is not right.");
      await limiter.reset(authLimits.passwordPerAccount, email);
      const session = await startSession(user.id, userAgent);
      return { ...session, user: toUser(user) };
    },

    /** The member behind a session token, or null for an unknown, expired or revoked one. */
    async authenticate(token: string): Promise<Authenticated | null> {
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
    },

    async signOut(sessionId: string): Promise<void> {
      const [revoked] = await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(eq(sessions.id, sessionId))
        .returning({ userId: sessions.userId });
      if (revoked) cache?.forgetMember(revoked.userId);
    },

    /** Sets or changes the password, then ends every other session of the member. */
    async changePassword(auth: Authenticated, currentPassword: string | undefined, newPassword: string): Promise<void> {
      const user = await memberById(db, auth.user.uid);
      if (!user) throw new ApiError("unauthenticated", "Sign in again.");
      if (user.passwordHash) {
        await enforce(authLimits.passwordPerAccount, user.email, "Too many attempts. Try again later.");
        if (!currentPassword || !(await verifyPassword(user.passwordHash, currentPassword))) {
          throw new ApiError("invalid_credentials", "Your current password is not right.");
        }
      }
      const problem = passwordProblem(newPassword, user.email);
      if (problem) throw new ApiError("bad_request", problem, { issues: [{ path: "new_password", message: problem }] });
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash, now());
        await tx
          .update(sessions)
          .set({ revokedAt: now() })
          .where(and(eq(sessions.userId, user.id), ne(sessions.id, auth.sessionId), isNull(sessions.revokedAt)));
      });
      cache?.forgetMember(user.id);
    },
  };
}
