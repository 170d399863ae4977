import {
  emailAddressSchema,
  INVALID_EMAIL_MESSAGE,
  isLanguage,
  type Language,
  normalizeEmail,
  passwordProblem,
  SEND_CODE_INTERVAL_MS,
  SESSION_TTL_MS,
  type SendCodeResponse,
  SIGN_IN_CODE_TTL_MS,
  type User,
} from "@arcana/protocol";
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Transaction } from "../../db/client.js";
import { ApiError } from "../../http/api-error.js";
import { DependencyUnavailableError } from "../../http/dependency.js";
import type { Authenticated } from "../../http/env.js";
import { type Mailer, MailUndeliverableError } from "../../mail/mailer.js";
import { type MailBrand, signInCodeMail } from "../../mail/templates.js";
import type { RateLimit, RateLimiter } from "../../rate-limit/limiter.js";
import { inboxProven } from "../reminders/api.js";
import {
  memberByEmail,
  memberById,
  prepareRowWithMember,
  setPasswordHash,
  signUpOrTouch,
  toUser,
} from "../users/api.js";
import { memberSessions } from "./member-sessions.js";
import { sessions, signInCodeRequests } from "./schema.js";
import {
  decoyPasswordHash,
  generateSessionToken,
  generateSignInCode,
  hashPassword,
  hashSessionToken,
  hashSignInCode,
  verifyPassword,
} from "./secrets.js";
import type { SessionCache } from "./session-cache.js";
import { checkCodeShape, codeRequester, signInCodes } from "./sign-in-codes.js";

export const authLimits = {
  /** A new code for the same address from the same network, once a minute. */
  sendCodePerRequester: { name: "send_code_email", max: 1, windowMs: SEND_CODE_INTERVAL_MS },
  /** Codes mailed to one address an hour, whoever asks: with 5 tries a code, the brute-force bound (decision 0040). */
  sendCodePerEmail: { name: "send_code_email_hour", max: 10, windowMs: 60 * 60 * 1000 },
  sendCodePerIp: { name: "send_code_ip", max: 30, windowMs: 60 * 60 * 1000 },
  /** Code sign-ins per network, whichever addresses they name. */
  codeSignInPerIp: { name: "code_sign_in_ip", max: 30, windowMs: 15 * 60 * 1000 },
  /**
   * Wrong codes per address an hour, across requesters and resends. Once spent, only a requester's
   * own untried code may be tried (once), so a stranger's guesses never keep the owner out:
   * at most 10 + 10 guesses an hour, 480 a day (decision 0040).
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

export interface SignedIn {
  token: string;
  user: User;
  expiresAt: Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { db, limiter, now, secret, cache } = deps;
  const secrets = deps.previousSecret ? [secret, deps.previousSecret] : [secret];
  const consumeCode = signInCodes({ db, limiter, now, secrets, wrongCodesPerEmail: authLimits.wrongCodesPerEmail });
  const memberSessionList = memberSessions({ db, now, ...(cache ? { cache } : {}) });

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

  function checkNewPassword(password: string, email: string) {
    const problem = passwordProblem(password, email);
    if (problem) throw new ApiError("bad_request", problem, { issues: [{ path: "new_password", message: problem }] });
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
      const requester = codeRequester(ip);
      const resendKey = `${requester} ${email}`;
      await enforce(
        authLimits.sendCodePerRequester,
        resendKey,
        "A code was just sent to this address. Wait a minute before asking again.",
      );
      await enforce(
        authLimits.sendCodePerEmail,
        email,
        "Too many codes were sent to this address in the last hour. Try again later, or sign in with your password.",
      );
      const code = generateSignInCode();
      const at = now();
      const row = {
        email,
        requester,
        codeHash: hashSignInCode(secret, email, code),
        expiresAt: new Date(at.getTime() + SIGN_IN_CODE_TTL_MS),
        failedAttempts: 0,
        createdAt: at,
      };
      await db.transaction(async (tx) => {
        // Codes of this address that can no longer be used go; this requester's live one is replaced.
        await tx
          .delete(signInCodeRequests)
          .where(and(eq(signInCodeRequests.email, email), lte(signInCodeRequests.expiresAt, at)));
        await tx
          .insert(signInCodeRequests)
          .values(row)
          .onConflictDoUpdate({ target: [signInCodeRequests.email, signInCodeRequests.requester], set: row });
      });
      // An existing account's own language wins over the request's (another device, another browser).
      const accountLanguage = (await memberByEmail(db, email))?.language;
      const mailLanguage = isLanguage(accountLanguage) ? accountLanguage : language;
      try {
        await deps.mailer.send({
          to: email,
          ...signInCodeMail(code, SIGN_IN_CODE_TTL_MS / 60_000, mailLanguage, deps.mailBrand),
        });
      } catch (error) {
        await limiter.reset(authLimits.sendCodePerRequester, resendKey);
        // A refusal of this address is the member's to fix (a typo, a closed mailbox), not an outage to wait out.
        if (error instanceof MailUndeliverableError) {
          throw new ApiError(
            "email_undeliverable",
            "The mail server refused this address, so the code cannot be delivered. Check the address for typos, or use another.",
          );
        }
        throw new DependencyUnavailableError("smtp", { cause: error });
      }
      return { sent: true, resend_after: SEND_CODE_INTERVAL_MS / 1000, expires_in: SIGN_IN_CODE_TTL_MS / 1000 };
    },

    /**
     * Checks the code once; the first successful sign-in creates the account. With `newPassword`
     * (the forgotten-password path) the code also sets the password and ends every other session.
     */
    async signInWithCode(
      rawEmail: string,
      code: string,
      ip: string,
      userAgent: string | null,
      newPassword?: string,
    ): Promise<SignedIn> {
      const email = validEmail(rawEmail);
      checkCodeShape(code);
      if (newPassword !== undefined) checkNewPassword(newPassword, email);
      await enforce(authLimits.codeSignInPerIp, ip, "Too many sign-in attempts from your network. Try again later.");
      const passwordHash = newPassword === undefined ? null : await hashPassword(newPassword);
      const user = await consumeCode(email, code, ip, async (tx) => {
        const member = await signUpOrTouch(tx, email);
        // The code reached the inbox: streak reminders to it may go out again after a bounce.
        await inboxProven(tx, member.id);
        if (passwordHash === null) return member;
        await setPasswordHash(tx, member.id, passwordHash, now());
        await memberSessionList.endOthers(tx, member.id, null);
        return { ...member, passwordHash };
      });
      if (passwordHash !== null) cache?.forgetMember(user.id);
      // The code is used up: the member may ask for another at once (to set a password, say).
      await limiter.reset(authLimits.sendCodePerRequester, `${codeRequester(ip)} ${email}`);
      const session = await startSession(user.id, userAgent);
      return { ...session, user: toUser(user) };
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

    /**
     * Sets or changes the password, then ends every other session of the member. It needs a fresh
     * code mailed to the member's address, or the current password when there is one: a stolen
     * session alone cannot take the account over (issue 26, finding 2).
     */
    async changePassword(
      auth: Authenticated,
      proof: { currentPassword?: string | undefined; code?: string | undefined },
      newPassword: string,
      ip: string,
    ): Promise<void> {
      const user = await memberById(db, auth.user.uid);
      if (!user) throw new ApiError("unauthenticated", "Sign in again.");
      checkNewPassword(newPassword, user.email);
      const passwordHash = await hashPassword(newPassword);
      const save = async (tx: Transaction) => {
        await setPasswordHash(tx, user.id, passwordHash, now());
        await memberSessionList.endOthers(tx, user.id, auth.sessionId);
      };
      if (proof.code !== undefined) {
        await consumeCode(user.email, proof.code, ip, save);
      } else if (user.passwordHash && proof.currentPassword !== undefined) {
        await enforce(authLimits.passwordPerAccount, user.email, "Too many attempts. Try again later.");
        if (!(await verifyPassword(user.passwordHash, proof.currentPassword))) {
          throw new ApiError("invalid_credentials", "Your current password is not right.");
        }
        await db.transaction(save);
      } else if (user.passwordHash) {
        throw new ApiError(
          "invalid_credentials",
          "Enter your current password, or the code we e-mail to you if you have forgotten it.",
        );
      } else {
        throw new ApiError("invalid_code", "Enter the code we e-mail to you to set a password.");
      }
      cache?.forgetMember(user.id);
    },

    /** The member's live sessions, and ending them (member-sessions.ts). */
    sessions: memberSessionList,
  };
}
