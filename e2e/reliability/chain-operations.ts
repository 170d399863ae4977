import { type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { runCli } from "../../server/src/cli/program.js";
import { errorCodeOf, getJson, type Member, poll, postJson, send } from "./client.js";
import type { AppProcess, Environment } from "./environment.js";
import type { CheckResult } from "./report.js";
import { emptyWalletMembers, relay, signedCheckIn, sponsoredEconomyFile } from "./sponsorship.js";

const CHAIN_ID = 31337;
/** How long the RPC may go unanswered before /readyz names it (60 s in production; short here). */
const RPC_DOWN_AFTER_SECONDS = 5;

interface RelayRow {
  id: string;
  state: string;
  tx_hash: string | null;
  spent_wei: string | null;
  failure_reason: string | null;
  relayer: string | null;
  relayer_nonce: number | null;
}

const relayRows = (env: Environment, relayer: string) => env.sql<RelayRow[]>`
  select id, state, tx_hash, spent_wei::text, failure_reason, relayer, relayer_nonce::int
  from sponsored_relays where chain_id = ${CHAIN_ID} and relayer = ${relayer.toLowerCase()} order by relayer_nonce, id`;

async function confirmed(env: Environment, relayIds: string[]) {
  return poll(
    "the relays confirmed",
    async () => {
      const [open] = await env.sql<{ n: number }[]>`
        select count(*)::int as n from sponsored_relays where id in ${env.sql(relayIds)} and state <> 'confirmed'`;
      return open?.n === 0 ? true : undefined;
    },
    60_000,
  );
}

/** `npm run admin -- <args>` on the suite's database and chain (through the RPC's relay), as an operator runs it. */
async function admin(env: Environment, args: string[], extra: Record<string, string> = {}) {
  let out = "";
  // The local chain's deployment record is read from this process's environment (server/src/chain/deployments.ts).
  process.env.LOCAL_DEPLOYMENTS_DIR = env.workDir;
  const code = await runCli(args, {
    env: {
      ...process.env,
      NODE_ENV: "development",
      CHAINS: "local",
      DATABASE_URL: env.databaseUrl,
      LOCAL_RPC_URL: `http://127.0.0.1:${env.relays.rpc.port}`,
      LOCAL_DEPLOYMENTS_DIR: env.workDir,
      ...extra,
    },
    out: (text) => {
      out += text;
    },
    err: (text) => {
      out += text;
    },
  });
  return { code, out };
}

async function metric(url: string, name: string): Promise<number | null> {
  const text = (await send(url, { method: "GET", path: "/metrics" })).text;
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes('chain="local"'));
  return line === undefined ? null : Number(line.split(" ").at(-1));
}

async function readiness(url: string) {
  const answer = await send(url, { method: "GET", path: "/readyz" });
  return answer.json as { status: string; checks: Record<string, { ok: boolean; reason?: string }> };
}

/** Milliseconds from `since` until `read` gives a value. */
async function timeUntil<T>(what: string, since: number, read: () => Promise<T | undefined>, timeoutMs = 30_000) {
  const value = await poll(what, read, timeoutMs);
  return { value, ms: Date.now() - since };
}

/**
 * docs/operating.md's relayer-key rotation runbook against real servers (issue 40): relays confirmed from the old
 * account, a new funded key, every server restarted with it, new relays on the nonces the old account used. Then an
 * RPC outage on the restarted server while the chain mines: how long until the metrics, /readyz, `chain status` and
 * a member's relay say so, and until they clear.
 */
export async function rotationAndRpcOutage(env: Environment): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const economy = sponsoredEconomyFile(env);
  let app: AppProcess | null = await env.startApp("rotate-old", { ECONOMY_FILE: economy });
  try {
    // The old account (development's Hardhat #19): a few relays confirmed, besides any the suite made before.
    const oldMembers = await emptyWalletMembers(env, [app.url], 3, "rotate-old");
    // One at a time, each its own transaction: on a fresh chain the old account's nonces 0, 1, 2, which the new reuses.
    const oldIds: string[] = [];
    for (const member of oldMembers) {
      oldIds.push(await relay(env, app.url, member));
      await confirmed(env, oldIds);
    }
    const [sender] = await env.sql<{ relayer: string }[]>`
      select relayer from sponsored_relays where chain_id = ${CHAIN_ID} and relayer is not null order by seq desc limit 1`;
    const oldAccount = sender?.relayer as string;
    const before = await relayRows(env, oldAccount);

    // 1. Fund the new account. 2. With the queue at 0, restart the servers with the new key.
    const newKey = generatePrivateKey();
    const newAccount = privateKeyToAccount(newKey).address;
    await env.chain.client.setBalance({ address: newAccount, value: parseEther("10") });
    const queue = await admin(env, ["relayer", "status"], { ECONOMY_FILE: economy });
    await app.stop();
    app = await env.startApp("rotate-new", {
      ECONOMY_FILE: economy,
      LOCAL_RELAYER_PRIVATE_KEY: newKey,
      RPC_DOWN_AFTER_SECONDS: String(RPC_DOWN_AFTER_SECONDS),
    });
    const url = app.url;
    const newMembers = await emptyWalletMembers(env, [url], 3, "rotate-new");
    const newIds: string[] = [];
    for (const member of newMembers) {
      newIds.push(await relay(env, url, member));
      await confirmed(env, newIds);
    }
    const after = await relayRows(env, newAccount);
    const oldNow = await relayRows(env, oldAccount);
    const unchanged = before.filter((row, i) => JSON.stringify(row) === JSON.stringify(oldNow[i])).length;
    const reusedNonces = after.filter((row) => before.some((old) => old.relayer_nonce === row.relayer_nonce)).length;
    const mined = await Promise.all(
      after.map((row) => env.chain.client.getTransaction({ hash: row.tx_hash as Hex }).catch(() => null)),
    );
    const fromNew = mined.filter((tx) => tx?.from.toLowerCase() === newAccount.toLowerCase()).length;
    // 3. The day's budget and the counters are the sums of the rows.
    const [day] = await env.sql<{ reserved: string; spent: string; relays: number; rows: number; sum: string }[]>`
      select d.reserved_wei::text as reserved, d.spent_wei::text as spent, d.relays,
        (select count(*)::int from sponsored_relays r where r.chain_id = d.chain_id and r.day = d.day) as rows,
        (select coalesce(sum(r.spent_wei), 0)::text from sponsored_relays r where r.chain_id = d.chain_id and r.day = d.day) as sum
      from sponsorship_days d where d.chain_id = ${CHAIN_ID} order by d.day desc limit 1`;
    const [counts] = await env.sql<{ confirmed: number; failed: number }[]>`
      select count(*) filter (where state = 'confirmed')::int as confirmed, count(*) filter (where state = 'failed')::int as failed
      from sponsored_relays where chain_id = ${CHAIN_ID}`;
    const confirmedSeries = await poll("the confirmed counter", async () => {
      const value = await metric(url, "arcana_sponsored_relays_confirmed_total");
      return value === counts?.confirmed ? value : undefined;
    }).catch(() => metric(url, "arcana_sponsored_relays_confirmed_total"));
    const failedSeries = await metric(url, "arcana_sponsored_relays_failed_total");
    const status = await admin(env, ["relayer", "status"], {
      ECONOMY_FILE: economy,
      LOCAL_RELAYER_PRIVATE_KEY: newKey,
    });
    const ok =
      /queue 0\b/.test(queue.out) &&
      before.length >= 3 &&
      unchanged === before.length &&
      after.length === 3 &&
      after.every((row, i) => row.state === "confirmed" && row.relayer_nonce === i) &&
      fromNew === 3 &&
      day?.reserved === "0" &&
      day.spent === day.sum &&
      day.relays === day.rows &&
      confirmedSeries === counts?.confirmed &&
      failedSeries === counts?.failed &&
      status.code === 0 &&
      status.out.includes(`relayer ${newAccount}`) &&
      status.out.includes(`confirmed ${counts?.confirmed}, failed ${counts?.failed}`);
    results.push({
      check: "relayer key rotation (runbook)",
      attempts: before.length + after.length,
      failures: ok ? 0 : 1,
      figure:
        `old account: ${before.length} relays (${before.filter((r) => r.state === "confirmed").length} confirmed), ${unchanged} unchanged after the rotation (state, hash, spend); ` +
        `new account: ${after.length} relays confirmed on its nonces ${after.map((r) => r.relayer_nonce).join(", ")} (${reusedNonces} reused from the old account), ${fromNew} mined from it; ` +
        `day: reserved ${day?.reserved} wei, spent ${day?.spent} = Σ rows ${day?.sum}, ${day?.relays} relays = ${day?.rows} rows; ` +
        `counters confirmed ${confirmedSeries}, failed ${failedSeries} (rows ${counts?.confirmed}, ${counts?.failed})`,
      details: ok ? [] : [queue.out.slice(0, 300), status.out.slice(0, 400)],
    });

    // The RPC cut while the chain goes on mining.
    await poll("the RPC up", async () => ((await metric(url, "arcana_rpc_up")) === 1 ? true : undefined), 15_000);
    const head = Number(await env.chain.client.getBlockNumber({ cacheTime: 0 }));
    const member: Member = (await emptyWalletMembers(env, [url], 1, "rpc-outage"))[0] as Member;
    const cutAt = Date.now();
    env.relays.rpc.cut();
    try {
      await env.chain.client.mine({ blocks: 5 });
      const rpcDown = await timeUntil("arcana_rpc_up 0", cutAt, async () =>
        (await metric(url, "arcana_rpc_up")) === 0 ? true : undefined,
      );
      const degraded = await timeUntil("/readyz degraded", cutAt, async () => {
        const ready = await readiness(url);
        return ready.status === "degraded" && ready.checks["rpc:local"]?.ok === false ? ready : undefined;
      });
      const lagSeconds = await metric(url, "arcana_indexer_lag_seconds");
      const balance = await metric(url, "arcana_relayer_balance");
      const balanceAge = await metric(url, "arcana_relayer_balance_age_seconds");
      const sponsorship = await timeUntil("sponsorship chain_unreachable", cutAt, async () => {
        const answer = await getJson(url, "/blockchain/sponsorship", member.headers);
        const reason = (answer.json as { data?: { chains?: { reason: string | null }[] } })?.data?.chains?.[0]?.reason;
        return reason === "chain_unreachable" ? reason : undefined;
      });
      const refused = await postJson(url, "/blockchain/relay", await signedCheckIn(env, member), member.headers);
      const chainStatus = await admin(env, ["chain", "status"]);
      const restoredAt = Date.now();
      await env.relays.rpc.restore();
      const rpcUp = await timeUntil("arcana_rpc_up 1", restoredAt, async () =>
        (await metric(url, "arcana_rpc_up")) === 1 ? true : undefined,
      );
      const ready = await timeUntil("/readyz ready", restoredAt, async () =>
        (await readiness(url)).status === "ready" ? true : undefined,
      );
      // The indexer's next completed pass turns the outage's error into history ("recovered from").
      const recovered = await timeUntil("chain status recovered", restoredAt, async () => {
        const now = await admin(env, ["chain", "status"]);
        return now.code === 0 && now.out.includes("recovered from") && !now.out.includes("FAILING") ? now : undefined;
      });
      const chainStatusAfter = recovered.value;
      const headAfter = Number(chainStatusAfter.out.match(/head (\d+)/)?.[1] ?? -1);
      const reason = degraded.value.checks["rpc:local"]?.reason ?? "";
      const outageOk =
        // Counted from the last answer, which a probe (every 5 s at most) got up to 5 s before the cut.
        degraded.ms <= (RPC_DOWN_AFTER_SECONDS + 5 + 2) * 1000 &&
        /has not answered for \d+ s/.test(reason) &&
        (lagSeconds ?? 0) > 0 &&
        balance !== null &&
        (balanceAge ?? 0) > 0 &&
        refused.status === 503 &&
        errorCodeOf(refused) === "chain_unreachable" &&
        chainStatus.code === 1 &&
        /RPC FAILS since/.test(chainStatus.out) &&
        headAfter >= head + 5;
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      results.push({
        check: "RPC outage seen and cleared",
        attempts: 1,
        failures: outageOk ? 0 : 1,
        figure:
          `cut while 5 blocks were mined: arcana_rpc_up 0 after ${s(rpcDown.ms)}, sponsorship chain_unreachable after ${s(sponsorship.ms)}, ` +
          `/readyz degraded after ${s(degraded.ms)} ("${reason.slice(0, 60)}…", RPC_DOWN_AFTER_SECONDS ${RPC_DOWN_AFTER_SECONDS}); then indexer lag ${lagSeconds} s, ` +
          `relayer balance kept (${balance}, ${balanceAge} s old), a relay ${refused.status} ${errorCodeOf(refused)}, chain status exit ${chainStatus.code}; ` +
          `restored: arcana_rpc_up 1 after ${s(rpcUp.ms)}, /readyz ready after ${s(ready.ms)}, chain status exit 0 with the indexer "recovered from" the outage after ${s(recovered.ms)} (head ${headAfter})`,
        details: outageOk
          ? []
          : [chainStatus.out.slice(0, 400), chainStatusAfter.out.slice(0, 400), refused.text.slice(0, 200)],
      });
    } finally {
      await env.relays.rpc.restore();
    }
  } finally {
    await app?.stop();
  }
  return results;
}
