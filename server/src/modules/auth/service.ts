import type { Language } from "@arcana/protocol";
import { type AuthDeps, createAuthContext } from "./auth-context.js";
import { createAuthenticate, signOut } from "./authenticate.js";
import type { Authenticated } from "./authenticated.js";
import { changePassword } from "./change-password.js";
import { sendCode } from "./send-code.js";
import { signInWithCode } from "./sign-in-with-code.js";
import { signInWithPassword } from "./sign-in-with-password.js";

export { type AuthDeps, authLimits, type SignedIn } from "./auth-context.js";

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Signing in and sessions, one use case per file: send-code.ts, sign-in-with-code.ts,
 * sign-in-with-password.ts, authenticate.ts (and signing out), change-password.ts; the member's
 * session list is member-sessions.ts. auth-context.ts holds what they share and the rate limits.
 */
export function createAuthService(deps: AuthDeps) {
  const context = createAuthContext(deps);
  return {
    sendCode: (rawEmail: string, ip: string, language?: Language) => sendCode(context, rawEmail, ip, language),
    signInWithCode: (rawEmail: string, code: string, ip: string, userAgent: string | null, newPassword?: string) =>
      signInWithCode(context, rawEmail, code, ip, userAgent, newPassword),
    signInWithPassword: (rawEmail: string, password: string, ip: string, userAgent: string | null) =>
      signInWithPassword(context, rawEmail, password, ip, userAgent),
    authenticate: createAuthenticate(context),
    signOut: (sessionId: string) => signOut(context, sessionId),
    changePassword: (
      auth: Authenticated,
      proof: { currentPassword?: string | undefined; code?: string | undefined },
      newPassword: string,
      ip: string,
    ) => changePassword(context, auth, proof, newPassword, ip),
    /** The member's live sessions, and ending them (member-sessions.ts). */
    sessions: context.memberSessions,
  };
}
