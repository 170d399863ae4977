import { sendSignInCodeRoute } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProxyTrust, parseProxyTrust } from "../proxy-trust.js";
import { apiClient } from "../test/api-client.js";
import { createTestApp } from "../test/app.js";
import { createClientAddress, rateLimitSubject } from "./client-ip.js";

function trust(raw: string): ProxyTrust {
  const parsed = parseProxyTrust(raw);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

describe("finding 1: per-IP limits behind a proxy count the address the proxy appended", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => t.dispose());

  it("refuses the 31st code send from one real address whatever the client writes first in X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await apiClient(t.app).call(sendSignInCodeRoute, {
        body: { email: `spoof-${i}@example.com`, check_email: true },
        extraHeaders: { "x-forwarded-for": `10.9.${i}.1, 198.51.100.7` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
  });

  it("counts IPv6 clients by their /64", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await apiClient(t.app).call(sendSignInCodeRoute, {
        body: { email: `v6-${i}@example.com`, check_email: true },
        extraHeaders: { "x-forwarded-for": `2001:db8:1:2:${i.toString(16)}::1` },
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("TRUST_PROXY", () => {
  it("takes the socket address when no proxy is trusted", () => {
    expect(createClientAddress(trust("false"))("192.0.2.1", "10.0.0.1")).toBe("192.0.2.1");
  });

  it("takes the entry the Nth proxy from the right appended", () => {
    expect(createClientAddress(trust("1"))("10.0.0.2", "6.6.6.6, 192.0.2.1")).toBe("192.0.2.1");
    expect(createClientAddress(trust("true"))("10.0.0.2", "6.6.6.6, 192.0.2.1")).toBe("192.0.2.1");
    expect(createClientAddress(trust("2"))("10.0.0.3", "6.6.6.6, 192.0.2.1, 10.0.0.2")).toBe("192.0.2.1");
    // Fewer entries than proxies: the leftmost there is (a request that skipped a proxy).
    expect(createClientAddress(trust("2"))("192.0.2.9", undefined)).toBe("192.0.2.9");
  });

  it("skips the listed proxies' own addresses and ranges, right to left", () => {
    const client = createClientAddress(trust("10.0.0.0/8, 2001:db8::1"));
    expect(client("10.0.0.2", "6.6.6.6, 192.0.2.1, 10.1.1.1")).toBe("192.0.2.1");
    expect(client("2001:db8::1", "192.0.2.5")).toBe("192.0.2.5");
    expect(client("192.0.2.8", "6.6.6.6")).toBe("192.0.2.8");
    expect(client("::ffff:10.0.0.2", "::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("refuses a value that is none of those", () => {
    expect(parseProxyTrust("yes")).toMatch(/neither/);
    expect(parseProxyTrust("10.0.0.0/40")).toMatch(/neither/);
  });

  it("keys IPv4 by address and IPv6 by /64", () => {
    expect(rateLimitSubject("192.0.2.1")).toBe("192.0.2.1");
    expect(rateLimitSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8::5")).toBe("2001:db8:0:0::/64");
    expect(rateLimitSubject("unknown")).toBe("unknown");
  });
});
