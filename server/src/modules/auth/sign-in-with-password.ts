import { ApiError } from "../../shared/errors.js";
import { memberByEmail, toUser } from "../users/api.js";
import { type AuthContext, authLimits, type SignedIn } from "./auth-context.js";
import { decoyPasswordHash, verifyPassword } from "./secrets.js";

/** Signs in with the account's password; an unknown address costs the same time as a wrong password. */
export async function signInWithPassword(
  context: AuthContext,
  rawEmail: string,
  password: string,
  ip: string,
  userAgent: string | null,
): Promise<SignedIn> {
  const { db, limiter, enforce } = context;
  const email = context.validEmail(rawEmail);
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
  const session = await context.startSession(user.id, userAgent);
  return { ...session, user: toUser(user) };
}
