import { createHash } from "node:crypto";
import { SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_MAX_FAILURES } from "@arcana/protocol";
import { and, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.js";
import type { RateLimit, RateLimiter } from "../../rate-limit/limiter.js";
import { ApiError } from "../../shared/errors.js";
import { signInCodeRequests } from "./schema.js";
import { digestsMatch, hashSignInCode } from "./secrets.js";

export interface SignInCodeDeps {
  db: Database;
  limiter: RateLimiter;
  now: () => Date;
  /** The session secret, then the one before the last rotation: a code either keyed still counts. */
  secrets: readonly string[];
  /** Wrong codes per address across requesters and resends (`authLimits.wrongCodesPerEmail` in auth-context.ts). */
  wrongCodesPerEmail: RateLimit;
}

/**
 * Whose code it is: the network that asked for it (the per-IP limits' subject, an IPv6 address by
 * its /64), hashed rather than kept as it is. Wrong guesses spend only the guesser's own code.
 */
export function codeRequester(ip: string): string {
  return createHash("sha256").update(`sign-in-code-requester:${ip}`).digest("base64url");
}

export function tooManyWrongCodes(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(
    "too_many_requests",
    `Too many wrong codes for this address. Request a new code on this device, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or sign in with your password.`,
    { retry_after: retryAfterSeconds },
  );
}

/** Refuses what cannot be a code before anything is counted. */
export function checkCodeShape(code: string) {
  if (!new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`).test(code)) {
    throw new ApiError("invalid_code", `Enter the ${SIGN_IN_CODE_LENGTH}-digit code from the e-mail.`);
  }
}

type CodeRow = typeof signInCodeRequests.$inferSelect;

/**
 * The one check of a mailed code, for a sign-in and for setting a password (decision 0040). The code
 * is compared with the live code the guesser's own network asked for, else with the address's newest
 * live code; a wrong one is counted against the guesser's own code (5 tries, then it is used up) and
 * against the address
 * (`wrongCodesPerEmail` an hour). Once the address has had its wrong guesses for the hour, only a
 * requester's own untried code may still be tried, once: the owner who asks for a fresh code and
 * types it is never refused, whatever a stranger guessed before. A right code uses up every code of
 * the address, in the same transaction as `onValid`'s work, whose answer it returns.
 */
export function signInCodes(deps: SignInCodeDeps) {
  const { db, limiter, now, secrets } = deps;
  const isLive = (row: CodeRow, at: Date) =>
    row.expiresAt.getTime() > at.getTime() && row.failedAttempts < SIGN_IN_CODE_MAX_FAILURES;
  const codeMatches = (row: CodeRow, email: string, code: string) =>
    secrets.some((key) => digestsMatch(row.codeHash, hashSignInCode(key, email, code)));

  return async function consumeCode<T>(
    email: string,
    code: string,
    ip: string,
    onValid: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    checkCodeShape(code);
    const requester = codeRequester(ip);
    const budget = await limiter.peek(deps.wrongCodesPerEmail, email);
    const outcome = await db.transaction(async (tx) => {
      const rows = await tx.select().from(signInCodeRequests).where(eq(signInCodeRequests.email, email)).for("update");
      const at = now();
      const own = rows.find((row) => row.requester === requester);
      const ownLive = own !== undefined && isLive(own, at);
      if (!budget.allowed && !(ownLive && own.failedAttempts === 0)) {
        return { ok: false as const, error: tooManyWrongCodes(budget.retryAfterSeconds) };
      }
      const live = rows.filter((row) => isLive(row, at));
      if (live.length === 0) {
        // Nothing to guess at: no code is compared, so nothing is counted.
        if (own && own.failedAttempts >= SIGN_IN_CODE_MAX_FAILURES) {
          return {
            ok: false as const,
            error: new ApiError("code_locked", "Too many wrong tries. Request a new code."),
          };
        }
        if (own || rows.some((row) => row.expiresAt.getTime() <= at.getTime())) {
          return {
            ok: false as const,
            error: new ApiError("code_expired", "This code has expired. Request a new code."),
          };
        }
        return {
          ok: false as const,
          error: new ApiError("invalid_code", "This code is not valid. Request a new code."),
        };
      }
      // One code per guess, so a guess is one chance in 10^6 however many codes are live: the
      // guesser's own, else the newest (the owner on another network types the code they just got).
      const target = ownLive
        ? own
        : live.reduce((newest, row) => (row.createdAt.getTime() > newest.createdAt.getTime() ? row : newest));
      if (codeMatches(target, email, code)) {
        await tx.delete(signInCodeRequests).where(eq(signInCodeRequests.email, email));
        return { ok: true as const, value: await onValid(tx) };
      }
      if (!ownLive) {
        return {
          ok: false as const,
          wrongCode: true,
          error: new ApiError("invalid_code", "That code is not right. Request a new code on this device."),
        };
      }
      const failures = own.failedAttempts + 1;
      await tx
        .update(signInCodeRequests)
        .set({ failedAttempts: failures })
        .where(and(eq(signInCodeRequests.email, email), eq(signInCodeRequests.requester, requester)));
      const left = SIGN_IN_CODE_MAX_FAILURES - failures;
      return {
        ok: false as const,
        wrongCode: true,
        error:
          left > 0
            ? new ApiError("invalid_code", `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`)
            : new ApiError("code_locked", "Too many wrong tries. Request a new code."),
      };
    });
    if (!outcome.ok) {
      if ("wrongCode" in outcome) await limiter.hit(deps.wrongCodesPerEmail, email);
      throw outcome.error;
    }
    await limiter.reset(deps.wrongCodesPerEmail, email);
    return outcome.value;
  };
}
