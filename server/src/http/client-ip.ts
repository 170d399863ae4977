import { BlockList, isIP } from "node:net";
import { type ProxyTrust, toBlockEntry } from "../proxy-trust.js";

/** `::ffff:1.2.3.4` (how Node shows IPv4 on a dual-stack socket) is the IPv4 address. */
function plainAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[(.*)\]$/, "$1");
  const mapped = trimmed.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  return mapped?.[1] ?? trimmed;
}

function trustedProxies(list: string[]): BlockList {
  const block = new BlockList();
  for (const entry of list) {
    const parsed = toBlockEntry(entry);
    if (!parsed) continue;
    if (parsed.prefix === null) block.addAddress(parsed.address, parsed.family);
    else block.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return block;
}

function isTrusted(block: BlockList, address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  return block.check(address, version === 4 ? "ipv4" : "ipv6");
}

/**
 * The address a request came from: the socket's peer, or with trusted proxies the entry the
 * outermost trusted proxy appended to `X-Forwarded-For`.
 */
export function createClientAddress(trust: ProxyTrust) {
  const block = trust.kind === "addresses" ? trustedProxies(trust.list) : null;
  return (socketAddress: string | undefined, forwardedFor: string | undefined): string => {
    const peer = plainAddress(socketAddress ?? "unknown");
    if (trust.kind === "none") return peer;
    const chain = [...(forwardedFor ?? "").split(",").map(plainAddress).filter(Boolean), peer];
    if (trust.kind === "hops") return chain[Math.max(0, chain.length - 1 - trust.hops)] ?? peer;
    // Right to left, past every address that is one of our proxies: the first other one is the client.
    for (let index = chain.length - 1; index >= 0; index -= 1) {
      const address = chain[index] ?? "";
      if (index === 0 || !block || !isTrusted(block, address)) return address;
    }
    return peer;
  };
}

/**
 * Whether a request reached us over HTTPS: on a TLS socket, or through proxies `trust` believes whose outermost
 * one said so in `X-Forwarded-Proto` (read like `X-Forwarded-For`: one entry per proxy that appended, or a
 * single one a proxy set). Without trusted proxies the header is the client's own word and counts for nothing.
 */
export function createRequestSecurity(trust: ProxyTrust) {
  const block = trust.kind === "addresses" ? trustedProxies(trust.list) : null;
  return (request: {
    encrypted: boolean;
    socketAddress: string | undefined;
    forwardedFor: string | undefined;
    forwardedProto: string | undefined;
  }): boolean => {
    if (request.encrypted) return true;
    if (trust.kind === "none" || !request.forwardedProto) return false;
    let hops = trust.kind === "hops" ? trust.hops : 0;
    if (block) {
      // The proxies in front: the peer and, right to left, each forwarded-for entry that is one of ours.
      const chain = [...(request.forwardedFor ?? "").split(",").map(plainAddress).filter(Boolean)];
      chain.push(plainAddress(request.socketAddress ?? "unknown"));
      while (hops < chain.length && isTrusted(block, chain[chain.length - 1 - hops] ?? "")) hops += 1;
    }
    if (hops === 0) return false;
    const protocols = request.forwardedProto.split(",").map((entry) => entry.trim().toLowerCase());
    return protocols[Math.max(0, protocols.length - hops)] === "https";
  };
}

/**
 * The key per-IP limits count under: an IPv4 address as is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so counting single addresses would count nothing).
 */
export function rateLimitSubject(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}
