// The account rules both sides apply, without zod: the browser's bundle imports these.

export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_CODE_MAX_FAILURES = 5;
export const SEND_CODE_INTERVAL_MS = 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The key of an address: trimmed, lower-cased and in Unicode NFC, its domain in IDNA's ASCII form
 * (UTS-46, punycode: `bücher.test` is `xn--bcher-kva.test`), so one mailbox is one account however it
 * was typed (the domain is case-insensitive by RFC 5321; local parts are treated so too, as the
 * product always has). This is also the exact address the mailer is given (decisions 0021, 0040).
 */
export function normalizeEmail(value: string): string {
  const email = value.trim().toLowerCase().normalize("NFC");
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  return `${email.slice(0, at + 1)}${asciiDomain(email.slice(at + 1))}`;
}

/**
 * A domain in IDNA's ASCII form: the WHATWG URL host parser, which is UTS-46 ToASCII (the same as
 * `node:url`'s `domainToASCII`, which the browser lacks; a server test holds them equal). An ASCII
 * domain is only lower-cased; one the parser refuses, or anything that is not plainly a host, is left
 * as typed, and `isValidEmail` refuses it for its letters beyond ASCII.
 */
function asciiDomain(domain: string): string {
  if (!/\P{ASCII}/u.test(domain)) return domain;
  // Characters that would make the URL mean something else than a host (or be decoded into one).
  if (/[\s/?#@:\\%[\]]/u.test(domain)) return domain;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return domain;
  }
}

/** RFC 5321's limits, in UTF-8 bytes: a path of 256 (254 between the brackets), a local part of 64, a label of 63. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
const DOMAIN_LABEL_MAX_LENGTH = 63;

// A bare mailbox, `local@domain` (RFC 5321 §4.1.2 with RFC 6531's letters of any script): the local
// part is dot-separated atoms of atext, the domain dot-separated labels of letters, digits and
// inner hyphens. Nothing else: no display name, comment, group, list, quoted string or domain
// literal (so none of `<>(),;:"[]\` or spaces), no control, format (bidi) or private-use character.
const ATEXT = "A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\p{L}\\p{M}\\p{N}";
const LOCAL_PART = new RegExp(`^[${ATEXT}]+(\\.[${ATEXT}]+)*$`, "u");
const LABEL = /^[a-z0-9\p{L}\p{M}\p{N}]([a-z0-9\p{L}\p{M}\p{N}-]*[a-z0-9\p{L}\p{M}\p{N}])?$/u;
const utf8Length = (value: string) => new TextEncoder().encode(value).length;

/**
 * Whether `value` (normalised first) is a bare mailbox the product accepts: the one rule of
 * `emailAddressSchema` (accounts.ts), kept free of zod for the browser's first load.
 */
export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  if (utf8Length(email) > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf("@");
  if (at <= 0 || email.indexOf("@") !== at) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (utf8Length(local) > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = domain.split(".");
  // A domain is in IDNA's ASCII form once normalised; letters beyond ASCII left in it did not convert.
  if (labels.length < 2 || /\P{ASCII}/u.test(domain)) return false;
  if (!labels.every((label) => utf8Length(label) <= DOMAIN_LABEL_MAX_LENGTH && LABEL.test(label))) return false;
  // A top-level domain is never all digits: `a@1.2.3.4` is an address literal in disguise.
  return !/^[0-9]+$/.test(labels[labels.length - 1] ?? "");
}

export const INVALID_EMAIL_MESSAGE = "Enter a valid e-mail address, like name@example.com.";

/** Which rule a new password breaks (the web app words it in the page's language), or null. */
export type PasswordRule = "too_short" | "too_long" | "is_email";

export function brokenPasswordRule(password: string, email: string): PasswordRule | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "too_short";
  if (password.length > PASSWORD_MAX_LENGTH) return "too_long";
  if (normalizeEmail(password) === normalizeEmail(email)) return "is_email";
  return null;
}

const passwordRuleMessages: Record<PasswordRule, string> = {
  too_short: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  too_long: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  is_email: "Your password cannot be your e-mail address.",
};

/** Why a new password is refused (the API's English message), or null when it is acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  const rule = brokenPasswordRule(password, email);
  return rule && passwordRuleMessages[rule];
}
