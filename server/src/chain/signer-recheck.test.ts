import pino from "pino";
import { describe, expect, it } from "vitest";
import { DEV_SIGNER_PRIVATE_KEY } from "../known-development-secrets.js";
import { createAuthorizationSigner } from "./signer.js";
import { createSignerHealth } from "./signer-health.js";

/**
 * docs/operating.md: /readyz compares the authorizer with SIGNER_PRIVATE_KEY "at most every 30 s". With a load
 * balancer asking /readyz every 10 s, a set-authorizer (or a rotated key) must show within 30 s.
 */
describe("the signer-authorizer check", () => {
  it("shows an authorizer changed on the chain within 30 s to a /readyz asked every 10 s", async () => {
    const signer = createAuthorizationSigner(DEV_SIGNER_PRIVATE_KEY);
    let authorizer: `0x${string}` = signer.address;
    // The chain, as GenesisPass.authorizer() answers: the only RPC call the check makes.
    const chainClients = { client: () => ({ readContract: async () => authorizer }) };
    let current = Date.parse("2026-11-28T00:00:00Z");
    const now = () => new Date(current);
    const chains = [
      { key: "local" as const, id: 31337, genesisPassAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3" as const },
    ];
    const health = createSignerHealth({
      config: { chains },
      chainClients,
      signer,
      logger: pino({ level: "silent" }),
      now,
    });
    const scheduled: { run: () => void; ms: number; next: number }[] = [];
    const stop = health.watch((run, ms) => {
      const entry = { run, ms, next: current + ms };
      scheduled.push(entry);
      return () => scheduled.splice(scheduled.indexOf(entry), 1);
    });
    await health.check();
    expect(health.known().map((status) => status.matches)).toEqual([true]);

    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const changedAt = current + 1_000;
    let shownAt: number | null = null;
    for (let second = 1; second <= 60 && shownAt === null; second++) {
      current += 1_000;
      if (current === changedAt) authorizer = "0x000000000000000000000000000000000000dEaD";
      for (const entry of scheduled) {
        if (entry.next > current) continue;
        entry.next += entry.ms;
        entry.run();
      }
      await settle();
      // The load balancer's /readyz, every 10 s.
      if (second % 10 === 0) {
        const shown = health.known();
        await settle();
        if (shown.some((status) => status.matches === false)) shownAt = current;
      }
    }
    stop();
    expect(shownAt).not.toBeNull();
    expect((shownAt ?? 0) - changedAt).toBeLessThanOrEqual(30_000);
  });
});
