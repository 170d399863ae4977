import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../cli/program.js";
import { loadConfig } from "../config.js";
import { createTestApp, testClock } from "../test/app.js";
import { stubChainRpc } from "../test/rpc.js";
import { createChainClients } from "./clients.js";
import { chainIdMismatchesAtStart, checkChainIdsAtStart, createRpcHealth } from "./rpc-health.js";

const SIGNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const contracts = (prefix: string) => ({
  [`${prefix}_GENESIS_PASS_ADDRESS`]: `0x${"a1".repeat(20)}`,
  [`${prefix}_DAILY_ADDRESS`]: `0x${"a2".repeat(20)}`,
});
let served = 31337;
let rpc: Awaited<ReturnType<typeof stubChainRpc>>;
const clock = testClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  rpc = await stubChainRpc(SIGNER, () => false, { chainId: () => served });
  t = await createTestApp({ env: { CHAINS: "local", LOCAL_RPC_URL: rpc.url, ...contracts("LOCAL") }, now: clock.now });
}, 120_000);
afterAll(async () => {
  await t?.dispose();
  await rpc?.stop();
});

describe("the chain an RPC serves", () => {
  it("is checked at start: opBNB's RPC serving chain 31337 is named in one line with both ids", async () => {
    served = 31337;
    const config = loadConfig({ NODE_ENV: "test", CHAINS: "opBNB", OPBNB_RPC_URL: rpc.url, ...contracts("OPBNB") });
    const health = createRpcHealth({
      config,
      chainClients: createChainClients(config),
      envPrefix: () => "OPBNB",
      logger: pino({ level: "silent" }),
      now: () => new Date(),
    });
    const mismatches = await chainIdMismatchesAtStart(health, 5_000);
    expect(mismatches).toEqual([
      "OPBNB_RPC_URL serves chain id 31337, but opBNB is chain id 204: point OPBNB_RPC_URL at a opBNB node (or fix CHAINS)",
    ]);
    expect(health.known()[0]).toMatchObject({ up: false, servedChainId: 31337 });
  });

  it("stops production at start with that one line (exit 1), and only warns in development", async () => {
    served = 31337;
    const config = loadConfig({ NODE_ENV: "test", CHAINS: "opBNB", OPBNB_RPC_URL: rpc.url, ...contracts("OPBNB") });
    const health = () =>
      createRpcHealth({
        config,
        chainClients: createChainClients(config),
        envPrefix: () => "OPBNB",
        logger: pino({ level: "silent" }),
        now: () => new Date(),
      });
    const lines: Array<{ level: number; msg: string }> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    try {
      await checkChainIdsAtStart(health(), { isProduction: true, logger });
      expect(exit).toHaveBeenCalledWith(1);
      expect(lines).toEqual([
        expect.objectContaining({
          level: 60,
          msg: expect.stringMatching(/^OPBNB_RPC_URL serves chain id 31337, but opBNB is chain id 204/),
        }),
      ]);
      exit.mockClear();
      lines.length = 0;
      await checkChainIdsAtStart(health(), { isProduction: false, logger });
      expect(exit).not.toHaveBeenCalled();
      expect(lines).toEqual([expect.objectContaining({ level: 40 })]);
    } finally {
      exit.mockRestore();
    }
  });

  it("is checked by chain status, which exits 1 naming the variable", async () => {
    served = 31337;
    const env = { NODE_ENV: "test", CHAINS: "opBNB", OPBNB_RPC_URL: rpc.url, ...contracts("OPBNB") };
    let out = "";
    const code = await runCli(["chain", "status"], {
      env,
      openDatabase: async () => ({ ...t.database, close: async () => {} }),
      out: (text) => {
        out += text;
      },
      err: (text) => {
        out += text;
      },
    });
    expect(code).toBe(1);
    expect(out).toContain("RPC FAILS since");
    expect(out).toContain("OPBNB_RPC_URL serves chain id 31337, but opBNB is chain id 204");
  });

  it("marks a running server's chain down at once when the node behind the URL changes chains, and up when it is back", async () => {
    served = 31337;
    const scrapeUp = async () =>
      (await (await t.app.request("/metrics")).text()).split("\n").find((line) => line.startsWith("arcana_rpc_up{"));
    const readiness = async () =>
      (await (await t.app.request("/readyz")).json()) as { status: string; checks: Record<string, unknown> };
    await t.rpcHealth.check();
    expect(await scrapeUp()).toBe('arcana_rpc_up{chain="local"} 1');
    expect((await readiness()).status).toBe("ready");

    served = 1;
    clock.advance(5_000);
    await expect.poll(scrapeUp).toBe('arcana_rpc_up{chain="local"} 0');
    // No waiting for RPC_DOWN_AFTER_SECONDS: another chain is no blip.
    expect(await readiness()).toMatchObject({
      status: "degraded",
      checks: { "rpc:local": { ok: false, reason: expect.stringContaining("LOCAL_RPC_URL serves chain id 1,") } },
    });

    served = 31337;
    clock.advance(5_000);
    await expect.poll(scrapeUp).toBe('arcana_rpc_up{chain="local"} 1');
    expect((await readiness()).status).toBe("ready");
  });
});
