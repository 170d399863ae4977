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

// The server's copy of a share link's code (`server/src/web/referral-landing.ts`), for a visitor who left the landing
// page before it hydrated. Read once, like `?ref=`, then removed.
const landingCookie = "arcana_ref";

/** The landing page's code, if the server set one and nothing has read it yet; removes it. */
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
