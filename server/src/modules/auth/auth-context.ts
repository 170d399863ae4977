import {
  emailAddressSchema,
  INVALID_EMAIL_MESSAGE,
  normalizeEmail,
  passwordProblem,
  SEND_CODE_INTERVAL_MS,
  SESSION_TTL_MS,
  type User,
} from "@arcana/protocol";
import type { Logger } from "pino";
import type { Database } from "../../db/client.js";
import type { Mailer } from "../../mail/mailer.js";
import type { MailBrand } from "../../mail/templates.js";
import type { RateLimit, RateLimiter } from "../../rate-limit/limiter.js";
import { ApiError } from "../../shared/errors.js";
import { memberSessions } from "./member-sessions.js";
import { sessions } from "./schema.js";
import { generateSessionToken, hashSessionToken } from "./secrets.js";
import type { SessionCache } from "./session-cache.js";
import { signInCodes } from "./sign-in-codes.js";

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

/**
 * What the auth use cases (send-code.ts, sign-in-with-code.ts, sign-in-with-password.ts,
 * authenticate.ts, sign-out.ts, change-password.ts) share.
 */
export type AuthContext = ReturnType<typeof createAuthContext>;

export function createAuthContext(deps: AuthDeps) {
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

  return {
    ...deps,
    /** Checks a code once and runs `then` in its transaction (sign-in-codes.ts). */
    consumeCode: signInCodes({ db, limiter, now, secrets, wrongCodesPerEmail: authLimits.wrongCodesPerEmail }),
    memberSessions: memberSessions({ db, now, ...(cache ? { cache } : {}) }),
    enforce,
    validEmail,
    checkNewPassword,
    startSession,
  };
}
