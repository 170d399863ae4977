import { referralCodePattern } from "@arcana/protocol";

// A code from a share link (`/?ref=CODE`) or typed on /auth waits here until the visitor's first
// sign-in applies it. Local storage, so it survives the trip through the e-mail code.
const storageKey = "arcana.pendingReferralCode";

/** A code in the shape codes have (letters, digits, - and _), upper-cased; null otherwise. */
export function cleanReferralCode(value: string | null | undefined): string | null {
  const code = value?.trim() ?? "";
  return referralCodePattern.test(code) ? code.toUpperCase() : null;
}

export function rememberReferralCode(value: string | null | undefined): string | null {
  const code = cleanReferralCode(value);
  if (code) {
    try {
      localStorage.setItem(storageKey, code);
    } catch {
      // Storage blocked (private mode): the code can still be typed in the invites window.
    }
  }
  return code;
}

export function pendingReferralCode(): string | null {
  try {
    return cleanReferralCode(localStorage.getItem(storageKey));
  } catch {
    return null;
  }
}

export function forgetReferralCode() {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
