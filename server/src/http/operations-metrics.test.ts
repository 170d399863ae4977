import type { Server } from "node:http";
import { getBoxResultsRoute, sendSignInCodeRoute } from "@arcana/protocol";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainIndexerStatus } from "../db/schema.js";
import type { Mailer } from "../mail/mailer.js";
import { apiClient } from "../test/api-client.js";
import { createTestApp, testClock } from "../test/app.js";
import { promtool } from "../test/promtool.js";
import { stubChainRpc } from "../test/rpc.js";

/** Hardhat's account #1: the signer a server uses outside production. */
const DEV_SIGNER_ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER_SIGNER = `0x${"77".repeat(20)}`;

/** A local chain's RPC whose GenesisPass names `authorizer` as its authorizer. */
function rpcWithAuthorizer(authorizer: string): Promise<{ url: string; server: Server }> {
  return stubChainRpc(authorizer);
}

const lines: Array<Record<string, unknown>> = [];
const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
const clock = testClock();
let failMail = false;
const mailer: Mailer = {
  isDevMailbox: false,
  send: async () => {
    if (failMail) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ECONNREFUSED" });
  },
};
let rpcs: Array<{ url: string; server: Server }>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  // The local chain accepts this server's signer; opBNB's contracts were pointed at another key.
  rpcs = [await rpcWithAuthorizer(DEV_SIGNER_ADDRESS), await rpcWithAuthorizer(OTHER_SIGNER)];
  t = await createTestApp({
    now: clock.now,
    logger,
    mailer,
    env: {
      ACCESS_LOG: "on",
      CHAINS: "local,opBNB",
      LOCAL_RPC_URL: rpcs[0]?.url ?? "",
      LOCAL_GENESIS_PASS_ADDRESS: `0x${"a1".repeat(20)}`,
      LOCAL_DAILY_ADDRESS: `0x${"a2".repeat(20)}`,
      OPBNB_RPC_URL: rpcs[1]?.url ?? "",
      OPBNB_GENESIS_PASS_ADDRESS: `0x${"b1".repeat(20)}`,
      OPBNB_DAILY_ADDRESS: `0x${"b2".repeat(20)}`,
    },
  });
});
afterAll(async () => {
  await t.dispose();
  for (const rpc of rpcs) rpc.server.close();
});

async function scrape(): Promise<string> {
  return (await t.app.request("/metrics")).text();
}
function series(text: string, name: string): string[] {
  return text.split("\n").filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe("access log (ACCESS_LOG=on)", () => {
  it("writes one JSON line per request: reqId, method, route pattern, status, ms", async () => {
    const before = lines.length;
    const res = await apiClient(t.app).call(getBoxResultsRoute, {
      params: { id: "moon" },
      auth: { "x-request-id": "req-42" },
    });
    const logged = lines.slice(before).filter((line) => line.msg === "request");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      reqId: "req-42",
      method: "GET",
      route: "/api/boxes/:id/results",
      status: res.status,
    });
    expect(typeof logged[0]?.ms).toBe("number");
  });

  it("is off by default: only failures are logged", async () => {
    const quiet = await createTestApp({ logger });
    try {
      const before = lines.length;
      await apiClient(quiet.app).call(getBoxResultsRoute, { params: { id: "moon" } });
      expect(lines.slice(before).filter((line) => line.msg === "request")).toEqual([]);
    } finally {
      await quiet.dispose();
    }
  });
});

describe("Prometheus series for operators", () => {
  it("counts e-mails sent and e-mails the mail server refused", async () => {
    expect(series(await scrape(), "arcana_mail_sent_total")).toEqual(["arcana_mail_sent_total 0"]);
    const sendCode = () =>
      apiClient(t.app).call(sendSignInCodeRoute, { body: { email: "metrics@example.com", check_email: true } });
    await sendCode();
    failMail = true;
    clock.advance(61_000);
    const refused = await sendCode();
    failMail = false;
    expect(refused.status).toBe(503);
    const text = await scrape();
    expect(series(text, "arcana_mail_sent_total")).toEqual(["arcana_mail_sent_total 1"]);
    expect(series(text, "arcana_mail_failures_total")).toEqual(["arcana_mail_failures_total 1"]);
  });

  it("shows each chain's indexer lag in blocks and seconds (growing while it does not report), and its leader", async () => {
    const reported = new Date(clock.now().getTime() - 30_000);
    await t.database.db.insert(chainIndexerStatus).values([
      {
        chainId: 31337,
        headBlock: 1_000,
        headTime: reported,
        indexedBlock: 990,
        indexedTime: new Date(reported.getTime() - 20_000),
        leader: "web-1:4242",
        updatedAt: reported,
      },
    ]);
    const text = await scrape();
    expect(series(text, "arcana_indexer_lag_blocks")).toEqual(['arcana_indexer_lag_blocks{chain="local"} 10']);
    // 20 s behind at its last pass, and silent for 30 s since: the indexed state is 50 s old.
    expect(series(text, "arcana_indexer_lag_seconds")).toEqual(['arcana_indexer_lag_seconds{chain="local"} 50']);
    expect(series(text, "arcana_indexer_report_age_seconds")).toEqual([
      'arcana_indexer_report_age_seconds{chain="local"} 30',
    ]);
    expect(series(text, "arcana_indexer_leader")).toEqual([
      'arcana_indexer_leader{chain="local",instance="web-1:4242"} 1',
    ]);
  });

  it("says per chain whether the contracts accept this server's signer", async () => {
    // What the start-up check, /readyz and every authorization read; the metric shows the last reading.
    await t.signerHealth.check();
    expect(series(await scrape(), "arcana_signer_authorizer_match")).toEqual([
      'arcana_signer_authorizer_match{chain="local"} 1',
      'arcana_signer_authorizer_match{chain="opBNB"} 0',
    ]);
  });

  it("is an exposition Prometheus's own linter accepts (promtool check metrics), after some traffic", async () => {
    await apiClient(t.app).call(getBoxResultsRoute, { params: { id: "moon" } });
    await t.app.request("/no-such-page");
    const text = await scrape();
    expect(text).toContain("# TYPE arcana_mail_sent_total counter");
    const checked = await promtool(["check", "metrics"], text);
    expect(checked.code, checked.output).toBe(0);
  });
});
