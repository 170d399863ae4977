import {
  isLanguage,
  type Language,
  SEND_CODE_INTERVAL_MS,
  type SendCodeResponse,
  SIGN_IN_CODE_TTL_MS,
} from "@arcana/protocol";
import { and, eq, lte } from "drizzle-orm";
import { MailUndeliverableError } from "../../mail/mailer.js";
import { signInCodeMail } from "../../mail/templates.js";
import { ApiError, DependencyUnavailableError } from "../../shared/errors.js";
import { memberByEmail } from "../users/api.js";
import { type AuthContext, authLimits } from "./auth-context.js";
import { signInCodeRequests } from "./schema.js";
import { generateSignInCode, hashSignInCode } from "./secrets.js";
import { codeRequester } from "./sign-in-codes.js";

/** E-mails a fresh code. The answer is the same whether or not the address has an account. */
export async function sendCode(
  context: AuthContext,
  rawEmail: string,
  ip: string,
  language: Language = "en",
): Promise<SendCodeResponse> {
  const { db, limiter, now, secret, enforce } = context;
  const email = context.validEmail(rawEmail);
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
    await context.mailer.send({
      to: email,
      ...signInCodeMail(code, SIGN_IN_CODE_TTL_MS / 60_000, mailLanguage, context.mailBrand),
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
}
