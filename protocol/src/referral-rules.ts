// Plain data, no zod: the browser bundle checks a typed code without pulling in the schemas.

/** A referral code as typed: 4 to 32 letters, digits, - and _, case-insensitive (compared upper-case). */
export const referralCodePattern = /^[A-Za-z0-9_-]{4,32}$/;
