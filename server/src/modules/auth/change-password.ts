import type { Transaction } from "../../db/client.js";
import { ApiError } from "../../shared/errors.js";
import { memberById, setPasswordHash } from "../users/api.js";
import { type AuthContext, authLimits } from "./auth-context.js";
import type { Authenticated } from "./authenticated.js";
import { hashPassword, verifyPassword } from "./secrets.js";

/**
 * Sets or changes the password, then ends every other session of the member. It needs a fresh
 * code mailed to the member's address, or the current password when there is one: a stolen
 * session alone cannot take the account over (issue 26, finding 2).
 */
export async function changePassword(
  context: AuthContext,
  auth: Authenticated,
  proof: { currentPassword?: string | undefined; code?: string | undefined },
  newPassword: string,
  ip: string,
): Promise<void> {
  const { db, now, cache } = context;
  const user = await memberById(db, auth.user.uid);
  if (!user) throw new ApiError("unauthenticated", "Sign in again.");
  context.checkNewPassword(newPassword, user.email);
  const passwordHash = await hashPassword(newPassword);
  const save = async (tx: Transaction) => {
    await setPasswordHash(tx, user.id, passwordHash, now());
    await context.memberSessions.endOthers(tx, user.id, auth.sessionId);
  };
  if (proof.code !== undefined) {
    await context.consumeCode(user.email, proof.code, ip, save);
  } else if (user.passwordHash && proof.currentPassword !== undefined) {
    await context.enforce(authLimits.passwordPerAccount, user.email, "Too many attempts. Try again later.");
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
}
