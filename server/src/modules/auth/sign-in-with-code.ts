import { inboxProven } from "../reminders/api.js";
import { setPasswordHash, signUpOrTouch, toUser } from "../users/api.js";
import { type AuthContext, authLimits, type SignedIn } from "./auth-context.js";
import { hashPassword } from "./secrets.js";
import { checkCodeShape, codeRequester } from "./sign-in-codes.js";

/**
 * Checks the code once; the first successful sign-in creates the account. With `newPassword`
 * (the forgotten-password path) the code also sets the password and ends every other session.
 */
export async function signInWithCode(
  context: AuthContext,
  rawEmail: string,
  code: string,
  ip: string,
  userAgent: string | null,
  newPassword?: string,
): Promise<SignedIn> {
  const { limiter, now, cache } = context;
  const email = context.validEmail(rawEmail);
  checkCodeShape(code);
  if (newPassword !== undefined) context.checkNewPassword(newPassword, email);
  await context.enforce(
    authLimits.codeSignInPerIp,
    ip,
    "Too many sign-in attempts from your network. Try again later.",
  );
  const passwordHash = newPassword === undefined ? null : await hashPassword(newPassword);
  const user = await context.consumeCode(email, code, ip, async (tx) => {
    const member = await signUpOrTouch(tx, email);
    // The code reached the inbox: streak reminders to it may go out again after a bounce.
    await inboxProven(tx, member.id);
    if (passwordHash === null) return member;
    await setPasswordHash(tx, member.id, passwordHash, now());
    await context.memberSessions.endOthers(tx, member.id, null);
    return { ...member, passwordHash };
  });
  if (passwordHash !== null) cache?.forgetMember(user.id);
  // The code is used up: the member may ask for another at once (to set a password, say).
  await limiter.reset(authLimits.sendCodePerRequester, `${codeRequester(ip)} ${email}`);
  const session = await context.startSession(user.id, userAgent);
  return { ...session, user: toUser(user) };
}
