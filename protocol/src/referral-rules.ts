// Plain data, no zod: the browser bundle checks a typed code without pulling in the schemas.

/** A referral code as typed: 4 to 32 letters, digits, - and _, case-insensitive (compared upper-case). */
export const referralCodePattern = /^[A-Za-z0-9_-]{4,32}$/;

/**
 * The cookie that carries a share link's code from its landing page to the next one, for a visitor who left before the
 * page hydrated: set by the server (`server/src/web/referral-landing.ts`), read once by the web app.
 */
export const landingReferralCookie = "arcana_ref";
