import { isIP } from "node:net";

// `TRUST_PROXY` as config.ts parses it; http/client-ip.ts applies it to each request.

/**
 * Which `X-Forwarded-For` entries to believe. Proxies append the address they received a request
 * from, so only the entries our own proxies wrote count, read from the right; what the client
 * wrote itself sits on the left and is never taken.
 */
export type ProxyTrust =
  | { kind: "none" }
  /** This many proxies in front of the server, each appending one entry. */
  | { kind: "hops"; hops: number }
  /** The proxies' own addresses (or CIDR ranges): entries from them are skipped, right to left. */
  | { kind: "addresses"; list: string[] };

/** Parses `TRUST_PROXY`: `false`/`0`, `true` (one proxy), a hop count, or a comma list of addresses/CIDRs. */
export function parseProxyTrust(raw: string): ProxyTrust | string {
  const value = raw.trim();
  if (value === "" || value === "false" || value === "0") return { kind: "none" };
  if (value === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 32 ? { kind: "hops", hops } : "must be at most 32 proxies";
  }
  const list = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!toBlockEntry(entry)) {
      return `"${entry}" is neither true/false, a number of proxies, nor an IP address or CIDR range`;
    }
  }
  return { kind: "addresses", list };
}

/** One `TRUST_PROXY` entry, an address or a CIDR range, as `BlockList` takes it; null when it is neither. */
export function toBlockEntry(
  entry: string,
): { address: string; prefix: number | null; family: "ipv4" | "ipv6" } | null {
  const [address = "", prefixText, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  if (prefixText === undefined) return { address, prefix: null, family };
  if (!/^\d+$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family };
}
