import { landingReferralCookie as landingCookie } from "@arcana/protocol";
import { cleanReferralCode } from "./pending-referral";

/**
 * The server's copy of a share link's code (`server/src/web/referral-landing.ts`), for a visitor who left the landing
 * page before it hydrated: the code, if the server set one and nothing has read it yet. Read once, like `?ref=`, then
 * removed.
 */
export function takeLandingReferralCode(): string | null {
  const entry = document.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${landingCookie}=`));
  if (!entry) return null;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari before 2025's releases, which members still use.
  document.cookie = `${landingCookie}=; Path=/; Max-Age=0; SameSite=Lax`;
  return cleanReferralCode(entry.slice(landingCookie.length + 1));
}
