// The account rules both sides apply, without zod: the browser's bundle imports these.

export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_CODE_MAX_FAILURES = 5;
export const SEND_CODE_INTERVAL_MS = 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** Trimmed and lower-cased: one address, one account, however it was typed. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

// Pragmatic: one @, no spaces, a dot in the domain; the code sent to it is the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(normalizeEmail(value));
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (normalizeEmail(password) === normalizeEmail(email)) return "Your password cannot be your e-mail address.";
  return null;
}
