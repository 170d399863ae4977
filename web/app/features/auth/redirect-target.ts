const probeOrigin = "https://arcana.invalid";

/**
 * Where to go after signing in: the `redirect` parameter when it is a path on this site, else
 * null. A crafted link must never send a member elsewhere, so anything a browser could read as
 * another host (`//evil`, `/\evil`, `https://evil`) is refused.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || /[\\\s]/.test(value)) return null;
  try {
    const url = new URL(value, probeOrigin);
    if (url.origin !== probeOrigin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The page a member lands on after signing in from `/auth?redirect=…`. */
export function afterSignInPath(search: URLSearchParams): string {
  return sameSitePath(search.get("redirect")) ?? "/";
}
