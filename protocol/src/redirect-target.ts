/** An origin no request can come from: paths are resolved against it to see where a browser would go. */
const probeOrigin = "http://x.invalid";

/**
 * Where to go after signing in: the `redirect` parameter when it is a path on this site, else
 * null. The one rule for the server's redirect and the web's navigation (decision 0040).
 *
 * The value is first normalised exactly as a browser will (`new URL` removes tabs and newlines,
 * reads `\` as `/`, decodes `%2e` and removes dot segments), and only the result is judged: it must
 * stay on the same origin, and its path must not start with `//` or `/\`, which a browser given it
 * as a `Location` would read as another host (`/.//evil` becomes `//evil`). What is returned is
 * that normalised path, so what was checked is exactly what is sent.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return null;
  }
  if (url.origin !== probeOrigin) return null;
  if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page a member lands on after signing in from `/auth?redirect=…`. */
export function afterSignInPath(search: URLSearchParams): string {
  return sameSitePath(search.get("redirect")) ?? "/";
}
