import { relayRoute } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import pino from "pino";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../../chain/clients.js";
import { runCli } from "../../../cli/program.js";
import { loadConfig } from "../../../config.js";
import { loadEconomy } from "../../../economy.js";
import { apiClient, dataOf } from "../../../test/api-client.js";
import { createTestApp } from "../../../test/app.js";
import { startTestChain } from "../../../test/chain.js";
import { deployArcana } from "../../../test/contracts.js";
import { balanceOf } from "../../../test/members.js";
import { promtool } from "../../../test/promtool.js";
import { type Relay, startRelay } from "../../../test/relay.js";
import { memberWithSignedCheckIn } from "../../../test/sponsored.js";
import { relayerTransactions, sponsoredRelays, sponsorshipDays } from "../schema.js";
import { createSponsoredChains } from "./chain-state.js";
import { createChainRelayer, type RelayerOptions } from "./relayer.js";

// Hardhat's public account #4 pays in these tests.
const relayerKey = "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a";

let chain: Awaited<ReturnType<typeof startTestChain>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let contracts: Awaited<ReturnType<typeof deployArcana>>;
let rpcRelay: Relay;
let env: Record<string, string>;

beforeAll(async () => {
  chain = await startTestChain();
  contracts = await deployArcana(chain);
  rpcRelay = await startRelay(Number(new URL(chain.url).port));
  env = { ...contracts.env, LOCAL_RELAYER_PRIVATE_KEY: relayerKey };
  t = await createTestApp({ env });
}, 120_000);

afterAll(async () => {
  await t?.dispose();
  await rpcRelay?.close();
  await chain?.stop();
});

/**
 * A relayer as another server runs it: its own clients (optionally through the cuttable RPC relay), with the
 * tests' relayer key or `key`.
 */
function relayerWith({
  throughRelay,
  key,
  ...options
}: Partial<RelayerOptions> & { throughRelay?: boolean; key?: `0x${string}` } = {}) {
  const config = loadConfig({
    NODE_ENV: "test",
    ...env,
    ...(throughRelay ? { LOCAL_RPC_URL: `http://127.0.0.1:${rpcRelay.port}` } : {}),
    ...(key ? { LOCAL_RELAYER_PRIVATE_KEY: key } : {}),
  });
  const chainClients = createChainClients(config);
  const chains = createSponsoredChains(config, loadEconomy().sponsorship, chainClients);
  const target = chains.get(31337);
  if (!target) throw new Error("not sponsored");
  return createChainRelayer(target, {
    db: t.database.db,
    chains,
    chainClients,
    economy: t.relaying.economy,
    config,
    logger: pino({ level: "silent" }),
    now: () => new Date(),
    ...options,
  });
}

async function queueCheckIn(email: string) {
  const member = await memberWithSignedCheckIn(t, email, contracts, Math.floor(Date.now() / 1000) + 300);
  const res = await apiClient(t.app).call(relayRoute, { body: member.body, auth: member.auth });
  expect(res.status).toBe(202);
  const data = await dataOf(relayRoute, res);
  return { ...member, relayId: data.relay_id };
}

/** `npm run admin -- relayer status` on the tests' database, with the tests' environment and `extraEnv`. */
async function relayerStatus(extraEnv: Record<string, string> = {}) {
  let out = "";
  const code = await runCli(["relayer", "status"], {
    env: { NODE_ENV: "test", ...env, ...extraEnv },
    openDatabase: async () => ({ ...t.database, close: async () => {} }),
    out: (text) => {
      out += text;
    },
    err: () => {},
  });
  return { code, out };
}

async function relayRow(id: string) {
  const [row] = await t.database.db.select().from(sponsoredRelays).where(eq(sponsoredRelays.id, id));
  return row;
}

async function relayerNonces() {
  const rows = await t.database.db.select().from(relayerTransactions);
  // A replacement reuses its nonce: each nonce once.
  return [...new Set(rows.map((row) => row.nonce))].sort((a, b) => a - b);
}

describe("the relayer", () => {
  it("after a crash between storing and broadcasting, the next sender broadcasts that same transaction, never a second", async () => {
    const member = await queueCheckIn("crash@example.com");
    const crashing = relayerWith({
      onStored: () => {
        throw new Error("killed after storing, before broadcasting");
      },
    });
    await expect(crashing.step()).rejects.toThrow("killed");
    const [stored] = await t.database.db.select().from(relayerTransactions);
    expect(stored?.broadcastAt).toBeNull();
    expect((await relayRow(member.relayId))?.state).toBe("signed");
    // Stored as the previous release stored it, without the relayer account (a rolling upgrade): the hash of the
    // account's own transaction still ties the relay to it.
    await t.database.db.update(sponsoredRelays).set({ relayer: null }).where(eq(sponsoredRelays.id, member.relayId));

    const takingOver = relayerWith();
    await takingOver.step(); // rebroadcasts the stored bytes
    await takingOver.step(); // settles
    const row = await relayRow(member.relayId);
    expect(row).toMatchObject({
      state: "confirmed",
      credited: true,
      txHash: stored?.hash,
      relayer: privateKeyToAccount(relayerKey).address.toLowerCase(),
    });
    const nonce = stored?.nonce ?? -1;
    const mined = await chain.client.getTransaction({ hash: stored?.hash as `0x${string}` });
    expect(mined.nonce).toBe(nonce);
    expect(await t.database.db.select().from(relayerTransactions)).toHaveLength(1);
    expect(await balanceOf(t.database.db, member.userId)).toBeGreaterThan(0);
  }, 60_000);

  it("replaces a transaction stuck while mining is paused with bumped fees; it confirms and credits once", async () => {
    const member = await queueCheckIn("stuck@example.com");
    await chain.client.setAutomine(false);
    try {
      const relayer = relayerWith({ replaceAfterMs: 0 });
      await relayer.step(); // sent, not mined
      await relayer.step(); // stuck: replaced
      const attempts = await t.database.db
        .select()
        .from(relayerTransactions)
        .where(eq(relayerTransactions.state, "pending"));
      expect(attempts.map((attempt) => attempt.attempt).sort()).toEqual([0, 1]);
      const [first, second] = attempts.sort((a, b) => a.attempt - b.attempt);
      expect(BigInt(second?.maxFeePerGas ?? 0)).toBeGreaterThanOrEqual((BigInt(first?.maxFeePerGas ?? 0) * 11n) / 10n);
      await chain.client.mine({ blocks: 1 });
      await relayer.step();
      const row = await relayRow(member.relayId);
      expect(row).toMatchObject({ state: "confirmed", credited: true, txHash: second?.hash });
      const states = (await t.database.db.select().from(relayerTransactions)).filter((tx) => tx.nonce === first?.nonce);
      expect(states.map((tx) => tx.state).sort()).toEqual(["mined", "replaced"]);
    } finally {
      await chain.client.setAutomine(true);
    }
    const before = await balanceOf(t.database.db, member.userId);
    await relayerWith().step();
    expect(await balanceOf(t.database.db, member.userId)).toBe(before);
  }, 60_000);

  it("waits while the RPC is cut and sends when it returns; the relayer's nonces stay contiguous", async () => {
    const member = await queueCheckIn("outage@example.com");
    const relayer = relayerWith({ throughRelay: true });
    rpcRelay.cut();
    await expect(relayer.step()).rejects.toThrow();
    expect((await relayRow(member.relayId))?.state).toBe("queued");
    await rpcRelay.restore();
    await relayer.step();
    await relayer.step();
    expect((await relayRow(member.relayId))?.state).toBe("confirmed");
    const nonces = await relayerNonces();
    expect(nonces).toEqual(nonces.map((_, index) => (nonces[0] ?? 0) + index));
  }, 60_000);

  it("operators see the relayer: `relayer status` and the Prometheus series agree with what was relayed", async () => {
    const { code, out } = await relayerStatus();
    expect(code).toBe(0);
    const confirmed = await t.database.db.select().from(sponsoredRelays).where(eq(sponsoredRelays.state, "confirmed"));
    expect(out).toContain(`relayer ${privateKeyToAccount(relayerKey).address}`);
    expect(out).toMatch(new RegExp(`confirmed ${confirmed.length}, failed 0, replaced transactions 1`));
    expect(out).toMatch(/spent 0\.\d+ ETH \+ reserved 0 ETH of 1\d ETH/);

    const metrics = await (await t.app.request("/metrics")).text();
    expect(metrics).toContain(`arcana_sponsored_relays_confirmed_total{chain="local"} ${confirmed.length}`);
    expect(metrics).toContain('arcana_relayer_replacements_total{chain="local"} 1');
    expect(metrics).toContain('arcana_relayer_queue_depth{chain="local"} 0');
    expect(metrics).toMatch(/arcana_relayer_balance\{chain="local"\} \d+/);
    expect(metrics).toContain("# TYPE arcana_sponsored_relays_confirmed_total counter");
    expect(metrics).toContain("# TYPE arcana_sponsored_relays_failed_total counter");
    expect(metrics).toContain("# TYPE arcana_relayer_replacements_total counter");
    // Prometheus's own linter accepts the whole answer.
    const checked = await promtool(["check", "metrics"], metrics);
    expect(checked.code, checked.output).toBe(0);
  }, 60_000);

  it("a new relayer key, as docs/operating.md's runbook rotates it: the new account's reused nonces never touch the old account's relays", async () => {
    const oldAccount = privateKeyToAccount(relayerKey).address.toLowerCase();
    // The old account's history: relays confirmed at its nonces 0, 1 and 2 by the tests above.
    const before = await t.database.db.select().from(sponsoredRelays);
    const oldNonces = [...new Set(before.map((relay) => relay.relayerNonce))].sort();
    expect(oldNonces).toEqual([0, 1, 2]);
    expect(before.map((relay) => relay.state)).not.toContain("queued");
    expect(before.every((relay) => relay.state === "confirmed" && relay.relayer === oldAccount)).toBe(true);
    // 1. Fund the new account.
    const newKey = generatePrivateKey();
    const newAccount = privateKeyToAccount(newKey).address;
    await chain.client.setBalance({ address: newAccount, value: 10n ** 19n });
    // 2. At a quiet moment (the queue at 0), restart the servers with the new key; relays accepted meanwhile wait
    // in the database.
    const waiting = [await queueCheckIn("rotation-1@example.com"), await queueCheckIn("rotation-2@example.com")];
    const restarted = relayerWith({ key: newKey });
    await restarted.step(); // the two waiting relays, sent from the new account at its nonce 0
    await restarted.step(); // settled
    // New relays on the new account's nonces 1 and 2, which the old account used too.
    const later: Array<Awaited<ReturnType<typeof queueCheckIn>>> = [];
    for (const email of ["rotation-3@example.com", "rotation-4@example.com"]) {
      const member = await queueCheckIn(email);
      later.push(member);
      await restarted.step();
      await restarted.step();
    }
    for (const [index, member] of [...waiting, ...later].entries()) {
      const row = await relayRow(member.relayId);
      expect(row).toMatchObject({ state: "confirmed", credited: true, relayer: newAccount.toLowerCase() });
      expect(row?.relayerNonce).toBe(index < 2 ? 0 : index - 1);
      const mined = await chain.client.getTransaction({ hash: row?.txHash as `0x${string}` });
      expect(mined.from.toLowerCase()).toBe(newAccount.toLowerCase());
      expect(mined.nonce).toBe(row?.relayerNonce);
      expect(await balanceOf(t.database.db, member.userId)).toBeGreaterThan(0);
    }
    // Every relay of the old account keeps its state, its transaction and what it spent.
    for (const old of before) {
      const row = await relayRow(old.id);
      expect(row).toMatchObject({
        state: old.state,
        txHash: old.txHash,
        spentWei: old.spentWei,
        failureReason: old.failureReason,
        relayer: oldAccount,
        relayerNonce: old.relayerNonce,
      });
    }
    // The day's budget and the counters are the sums of the relays' rows: each spend counted once, nothing
    // left reserved, no failure that did not happen.
    const relays = await t.database.db.select().from(sponsoredRelays);
    const days = await t.database.db.select().from(sponsorshipDays);
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({
      reservedWei: "0",
      relays: relays.length,
      spentWei: relays.reduce((sum, relay) => sum + BigInt(relay.spentWei ?? "0"), 0n).toString(),
    });
    const mined = (await t.database.db.select().from(relayerTransactions)).filter((tx) => tx.state === "mined");
    expect(days[0]?.spentWei).toBe(
      mined.reduce((sum, tx) => sum + (tx.gasUsed ?? 0n) * BigInt(tx.effectiveGasPrice ?? "0"), 0n).toString(),
    );
    // A scrape reuses the figures it read within the last second: ask until they are today's.
    const scrape = async () => (await t.app.request("/metrics")).text();
    await expect.poll(scrape).toContain(`arcana_sponsored_relays_confirmed_total{chain="local"} ${relays.length}`);
    expect(await scrape()).toContain('arcana_sponsored_relays_failed_total{chain="local"} 0');
    // 3. `relayer status` shows the new address and its balance, and the same counts.
    const { code, out } = await relayerStatus({ LOCAL_RELAYER_PRIVATE_KEY: newKey });
    expect(code).toBe(0);
    expect(out).toContain(`relayer ${newAccount}`);
    expect(out).toMatch(/balance 9\.9\d+ ETH/);
    expect(out).toContain(`confirmed ${relays.length}, failed 0`);
    expect(out).not.toContain(privateKeyToAccount(relayerKey).address);
  }, 60_000);
});
