import { listDevMailboxRoute, sendSignInCodeRoute, signMintAuthorizationRoute } from "@arcana/protocol";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { devMails } from "../db/schema.js";
import { createDevMailbox } from "../mail/mailer.js";
import { createRedisRateLimiter } from "../rate-limit/redis-limiter.js";
import { apiClient } from "../test/api-client.js";
import { capturingMailer, createTestApp, productionEnv } from "../test/app.js";
import { bindWalletDirectly, signUpMember } from "../test/members.js";
import { stubChainRpc } from "../test/rpc.js";

const wallet = `0x${"c1".repeat(20)}`;
/** Hardhat's account #1: the signer a server uses outside production. */
const DEV_SIGNER_ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** An RPC endpoint behind a proxy answering 502, until `recover()`: then a chain at block 0 with no pass. */
function flakyRpc() {
  let up = false;
  let stub: Awaited<ReturnType<typeof stubChainRpc>> | undefined;
  return {
    start: async () => {
      // authorizer(): the development signer (the server's).
      stub = await stubChainRpc(DEV_SIGNER_ADDRESS, () => !up);
      return stub.url;
    },
    recover: () => {
      up = true;
    },
    stop: async () => stub?.stop(),
  };
}

function logCollector() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("finding 9: a failing dependency answers 503 dependency_unavailable with Retry-After", () => {
  const rpc = flakyRpc();
  const logs = logCollector();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    const url = await rpc.start();
    t = await createTestApp({
      env: {
        CHAINS: "local,opBNB",
        LOCAL_RPC_URL: url,
        LOCAL_GENESIS_PASS_ADDRESS: `0x${"a1".repeat(20)}`,
        // Nothing listens there: the connection is refused.
        OPBNB_RPC_URL: "http://127.0.0.1:9",
        OPBNB_GENESIS_PASS_ADDRESS: `0x${"a1".repeat(20)}`,
      },
      logger: logs.logger,
    });
  });
  afterAll(async () => {
    await t.dispose();
    await rpc.stop();
  });

  it("names the RPC when it answers 502 on mint_signature, logs it as the RPC, and recovers when it is back", async () => {
    const member = await signUpMember(t, "rpc-down@example.com");
    await bindWalletDirectly(t.database.db, member.userId, wallet);
    const res = await apiClient(t.app).call(signMintAuthorizationRoute, {
      body: { address: wallet, chain_id: 31337 },
      auth: member.auth,
    });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({
      code: "dependency_unavailable",
      dependency: "rpc",
    });
    expect(logs.lines.some((line) => line.msg === "rpc unavailable")).toBe(true);
    expect(logs.lines.some((line) => line.msg === "database unavailable")).toBe(false);
    rpc.recover();
    const again = await apiClient(t.app).call(signMintAuthorizationRoute, {
      body: { address: wallet, chain_id: 31337 },
      auth: member.auth,
    });
    expect(again.status).toBe(200);
  });

  it("names the RPC, not the database, when the RPC refuses the connection", async () => {
    const member = await signUpMember(t, "rpc-refused@example.com");
    await bindWalletDirectly(t.database.db, member.userId, `0x${"c2".repeat(20)}`);
    const before = logs.lines.length;
    const mint = await apiClient(t.app).call(signMintAuthorizationRoute, {
      body: { address: `0x${"c2".repeat(20)}`, chain_id: 204 },
      auth: member.auth,
    });
    expect(mint.status).toBe(503);
    expect(((await mint.json()) as { error: unknown }).error).toMatchObject({ dependency: "rpc" });
    const logged = logs.lines.slice(before).map((line) => line.msg);
    expect(logged).toContain("rpc unavailable");
    expect(logged).not.toContain("database unavailable");
  });

  it("names Redis when it is down on send_code", async () => {
    const limiter = createRedisRateLimiter("redis://127.0.0.1:9", () => new Date());
    const down = await createTestApp({ env: { REDIS_URL: "redis://127.0.0.1:9" }, limiter });
    try {
      const res = await apiClient(down.app).call(sendSignInCodeRoute, { body: { email: "redis-down@example.com" } });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(((await res.json()) as { error: unknown }).error).toMatchObject({
        code: "dependency_unavailable",
        dependency: "redis",
      });
      const ready = await down.app.request("/readyz");
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: unknown }).checks).toEqual({
        database: { ok: true },
        redis: { ok: false, reason: "redis unavailable" },
      });
    } finally {
      await down.dispose();
    }
  }, 60_000);
});

describe("finding 5: production never uses the development mailbox; no code is logged", () => {
  const logged = logCollector();
  const { mailer, sent } = capturingMailer();
  let prod: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    const deliver = mailer.send;
    mailer.send = async (message) => {
      if (!message.to.startsWith("smtp-down")) return deliver(message);
      sent.push(message);
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ESOCKET" });
    };
    prod = await createTestApp({ env: productionEnv, mailer, logger: logged.logger });
  });
  afterAll(() => prod.dispose());

  it("refuses to start without SMTP_URL, naming it", () => {
    const { SMTP_URL: _, ...withoutSmtp } = productionEnv;
    expect(() => loadConfig(withoutSmtp)).toThrow(/SMTP_URL: is required in production/);
    expect(() => createDevMailbox(prod.database.db, pino({ level: "silent" }), () => new Date(), true)).toThrow(
      /SMTP_URL/,
    );
  });

  it("keeps codes out of the database and the log", async () => {
    expect(
      (await apiClient(prod.app).call(sendSignInCodeRoute, { body: { email: "prod-mail@example.com" } })).status,
    ).toBe(200);
    const code = sent.at(-1)?.subject.slice(0, 6) ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(logged.lines)).not.toContain(code);
    expect(await prod.database.db.select().from(devMails)).toEqual([]);
    expect((await apiClient(prod.app).unchecked(listDevMailboxRoute)).status).toBe(404);
  });

  it("answers 503 naming SMTP when the mail server is down (finding 9), and still logs no code", async () => {
    const res = await apiClient(prod.app).call(sendSignInCodeRoute, { body: { email: "smtp-down@example.com" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({
      code: "dependency_unavailable",
      dependency: "smtp",
    });
    const code = sent.at(-1)?.subject.slice(0, 6) ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect(logged.lines.some((line) => line.msg === "smtp unavailable")).toBe(true);
    expect(JSON.stringify(logged.lines)).not.toContain(code);
  });
});
