import { landingReferralCookie as cookieName, referralCodePattern } from "@arcana/protocol";

/**
 * The share link's code (`/?ref=CODE`), carried to the next page in a cookie as well as in the address: a visitor who
 * follows a sign-in link before the landing page has hydrated (a fast tap, a slow phone) would otherwise arrive on
 * /auth without it, and the browser, which remembers codes, would never have seen it. The web app reads it once, as it
 * reads `?ref=`, and removes it (`web/app/features/referrals/landing-referral.ts`). Set for visitors only (a member is
 * asked before a link's code applies to them). Not HttpOnly for that reason; it names a public invite code, nothing
 * about the visitor.
 *
 * The `Set-Cookie` value for a page address that carries a well-formed `?ref=` code; null otherwise.
 */
export function landingReferralCookie(pageUrl: string, secure: boolean): string | null {
  const code = new URL(pageUrl).searchParams.get("ref")?.trim() ?? "";
  if (!referralCodePattern.test(code)) return null;
  return `${cookieName}=${code.toUpperCase()}; Path=/; Max-Age=3600; SameSite=Lax${secure ? "; Secure" : ""}`;
}
