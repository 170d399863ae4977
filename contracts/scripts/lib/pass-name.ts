// The pass's ERC-721 name (also its EIP-712 domain name) from the operator's branding; the server's branding test checks
// this agrees with its own parseBranding.

/** The pass's name and symbol without branding (the name is also its EIP-712 domain name). */
export const defaultPassName = "Arcana Genesis Pass";
export const defaultPassSymbol = "ARCGP";

/**
 * The pass's name from a branding file's contents (config/branding.json, see docs/operating.md "branding"): `pass.name`,
 * else "<siteName> Genesis Pass", else the default. Mirrors the server's parseBranding for these two settings.
 */
export function passNameFromBranding(branding: unknown): string {
  const b = (branding ?? {}) as { siteName?: unknown; pass?: { name?: unknown } };
  const name = typeof b.pass?.name === "string" ? b.pass.name.trim() : "";
  if (name) return name;
  const site = typeof b.siteName === "string" ? b.siteName.trim() : "";
  return site ? `${site} Genesis Pass` : defaultPassName;
}
