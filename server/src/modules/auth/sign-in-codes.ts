import { SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_MAX_FAILURES } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.js";
import { ApiError } from "../../http/api-error.js";
import type { RateLimit, RateLimiter } from "../../rate-limit/limiter.js";
import { loginCodes } from "./schema.js";
import { digestsMatch, hashSignInCode } from "./secrets.js";

export interface SignInCodeDeps {
  db: Database;
  limiter: RateLimiter;
  now: () => Date;
  /** The session secret, then the one before the last rotation: a code either keyed still counts. */
  secrets: readonly string[];
  /** Wrong codes per address across resends (auth service's `authLimits.wrongCodesPerEmail`). */
  wrongCodesPerEmail: RateLimit;
}

export function tooManyWrongCodes(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(
    "too_many_requests",
    `Too many wrong codes for this address. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or sign in with your password.`,
    { retry_after: retryAfterSeconds },
  );
}

/** Refuses what cannot be a code before anything is counted. */
export function checkCodeShape(code: string) {
  if (!new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`).test(code)) {
    throw new ApiError("invalid_code", `Enter the ${SIGN_IN_CODE_LENGTH}-digit code from the e-mail.`);
  }
}

/**
 * The one check of a mailed code, for a sign-in and for setting a password: the live code of this
 * (normalised) address, 5 wrong tries per code and `wrongCodesPerEmail` across resends. A right code
 * is used up in the same transaction as `onValid`'s work, whose answer it returns.
 */
export function signInCodes(deps: SignInCodeDeps) {
  const { db, limiter, now, secrets } = deps;
  return async function consumeCode<T>(
    email: string,
    code: string,
    onValid: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    checkCodeShape(code);
    const cap = await limiter.peek(deps.wrongCodesPerEmail, email);
    if (!cap.allowed) throw tooManyWrongCodes(cap.retryAfterSeconds);
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.email, email)).for("update");
      if (!row) {
        return {
          ok: false as const,
          error: new ApiError("invalid_code", "This code is not valid. Request a new code."),
        };
      }
      if (row.failedAttempts >= SIGN_IN_CODE_MAX_FAILURES) {
        return { ok: false as const, error: new ApiError("code_locked", "Too many wrong tries. Request a new code.") };
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
      return { ok: true as const, value: await onValid(tx) };
    });
    if (!outcome.ok) {
      if ("wrongCode" in outcome) {
        const counted = await limiter.hit(deps.wrongCodesPerEmail, email);
        if (!counted.allowed) throw tooManyWrongCodes(counted.retryAfterSeconds);
      }
      throw outcome.error;
    }
    await limiter.reset(deps.wrongCodesPerEmail, email);
    return outcome.value;
  };
}
