import { getSponsorshipRoute, relayRoute } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/program.js";
import { apiClient, errorCode } from "../test/api-client.js";
import { createTestApp, testClock } from "../test/app.js";
import { startTestChain } from "../test/chain.js";
import { deployArcana, testIndexer } from "../test/contracts.js";
import { type Relay, startRelay } from "../test/relay.js";
import { memberWithSignedCheckIn } from "../test/sponsored.js";
import type { Indexer } from "./indexer.js";
import { chainIndexerStatus } from "./schema.js";

// Hardhat's public account #4 pays the sponsored transactions here.
const relayerKey = "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a";

const clock = testClock();
let chain: Awaited<ReturnType<typeof startTestChain>>;
let contracts: Awaited<ReturnType<typeof deployArcana>>;
let rpc: Relay;
let env: Record<string, string>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let indexer: Indexer;

beforeAll(async () => {
  chain = await startTestChain();
  contracts = await deployArcana(chain);
  rpc = await startRelay(Number(new URL(chain.url).port));
  env = {
    ...contracts.env,
    LOCAL_RPC_URL: `http://127.0.0.1:${rpc.port}`,
    LOCAL_RELAYER_PRIVATE_KEY: relayerKey,
    RPC_DOWN_AFTER_SECONDS: "60",
  };
  t = await createTestApp({ env, now: clock.now });
  indexer = testIndexer(t, { pollMs: 20, maxBackoffMs: 50, now: clock.now });
}, 120_000);

afterAll(async () => {
  await indexer?.stop();
  await t?.dispose();
  await rpc?.close();
  await chain?.stop();
});

function series(text: string, name: string): string[] {
  return text.split("\n").filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}
/** One series' value for the local chain, or null when it is absent. */
async function figure(name: string): Promise<number | null> {
  const line = series(await (await t.app.request("/metrics")).text(), name).find((l) => l.includes('chain="local"'));
  return line === undefined ? null : Number(line.split(" ").at(-1));
}
async function readiness() {
  const res = await t.app.request("/readyz");
  return (await res.json()) as { status: string; checks: Record<string, { ok: boolean; reason?: string }> };
}
async function chainStatus() {
  let out = "";
  const code = await runCli(["chain", "status"], {
    env: { NODE_ENV: "test", ...env },
    openDatabase: async () => ({ ...t.database, close: async () => {} }),
    out: (text) => {
      out += text;
    },
    err: (text) => {
      out += text;
    },
  });
  return { code, out };
}

/** A member with a wallet and a signed sponsored check-in, ready to send. */
const signedCheckIn = (email: string) =>
  memberWithSignedCheckIn(t, email, contracts, Math.floor(clock.now().getTime() / 1000) + 300);

describe("an RPC cut while the chain goes on mining", () => {
  it("shows in the metrics, /readyz and chain status, refuses relays as chain_unreachable, and clears on recovery", async () => {
    indexer.start();
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
    await expect.poll(() => figure("arcana_indexer_lag_blocks"), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => figure("arcana_rpc_up")).toBe(1);
    await expect.poll(() => figure("arcana_relayer_balance")).toBeGreaterThan(0);
    await expect.poll(() => figure("arcana_signer_authorizer_match")).toBe(1);
    expect(Number((await chainStatus()).code)).toBe(0);
    expect(head).toBeGreaterThan(0);

    // Any error the indexer met before (its first start) is forgotten, so the one waited for below is the cut's.
    await t.database.db.update(chainIndexerStatus).set({ lastError: null });
    rpc.cut();
    await chain.client.mine({ blocks: 9 });
    // The indexer's first failed pass: from then on no pass begun before the cut can complete after the clock moves
    // (passes run one after another), and the lag counts from the last pass that did.
    await expect
      .poll(
        async () =>
          (await t.database.db.select({ error: chainIndexerStatus.lastError }).from(chainIndexerStatus))[0]?.error ??
          null,
        {
          timeout: 10_000,
        },
      )
      .not.toBeNull();
    clock.advance(10_000);
    // Down at once (the RPC is asked again when a status is 5 s old), and nothing vanishes from /metrics.
    await expect.poll(() => figure("arcana_rpc_up"), { timeout: 10_000 }).toBe(0);
    expect(await figure("arcana_rpc_last_success_age_seconds")).toBeGreaterThanOrEqual(10);
    await expect
      .poll(() => figure("arcana_relayer_balance_age_seconds"), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(10);
    expect(await figure("arcana_relayer_balance")).toBeGreaterThan(0);
    // The indexer is failing: its report ages, and the lag in seconds grows with it.
    const lagBefore = (await figure("arcana_indexer_lag_seconds")) ?? -1;
    expect(lagBefore).toBeGreaterThanOrEqual(9);
    clock.advance(35_000);
    expect(await figure("arcana_indexer_lag_seconds")).toBeGreaterThanOrEqual(lagBefore + 35);
    await expect.poll(() => figure("arcana_signer_authorizer_match_age_seconds")).toBeGreaterThanOrEqual(35);
    expect(await figure("arcana_signer_authorizer_match")).toBe(1);

    // Within the bound (60 s) a blip is no outage; past it, /readyz names the RPC.
    expect((await readiness()).checks["rpc:local"]).toBeUndefined();
    clock.advance(20_000);
    await expect
      .poll(async () => (await readiness()).checks["rpc:local"], { timeout: 10_000 })
      .toMatchObject({ ok: false, reason: expect.stringContaining("RPC of local has not answered for") });
    expect((await readiness()).status).toBe("degraded");

    const down = await chainStatus();
    expect(down.code).toBe(1);
    expect(down.out).toMatch(/local \(chain id 31337\).*RPC FAILS since \d{4}-\d\d-\d\dT/);

    const member = await signedCheckIn("outage@example.com");
    // (once the relayer balance read before the cut, cached for 3 s, is gone)
    await expect
      .poll(async () => (await apiClient(t.app).data(getSponsorshipRoute, { auth: member.auth })).chains[0], {
        timeout: 10_000,
      })
      .toMatchObject({ enabled: false, reason: "chain_unreachable" });
    const refused = await apiClient(t.app).call(relayRoute, member);
    expect(refused.status).toBe(503);
    expect(await errorCode(refused)).toBe("chain_unreachable");

    await rpc.restore();
    clock.advance(6_000);
    await expect.poll(() => figure("arcana_rpc_up"), { timeout: 10_000 }).toBe(1);
    expect(await figure("arcana_rpc_last_success_age_seconds")).toBeLessThan(6);
    await expect.poll(async () => (await readiness()).status, { timeout: 10_000 }).toBe("ready");
    await expect.poll(() => figure("arcana_indexer_lag_blocks"), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => figure("arcana_relayer_balance_age_seconds"), { timeout: 5_000 }).toBeLessThan(6);
    // The indexer's next pass makes the outage's error history: shown with its time, no longer as the state.
    await expect.poll(async () => (await chainStatus()).out, { timeout: 10_000 }).toContain("recovered from: HTTP");
    const up = await chainStatus();
    expect(up.code, up.out).toBe(0);
    expect(up.out).toContain(`chain id 31337 (verified), head ${head + 9}`);
    expect(up.out).not.toContain("FAILING");
  });
});
