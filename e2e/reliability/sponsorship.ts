import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dailyAbi } from "@arcana/contracts";
import { encodeFunctionData, type Hex } from "viem";
import { signForwardRequest } from "../../contracts/scripts/lib/forward-requests.js";
import { bindWallet, errorCodeOf, type Member, poll, postJson, signUp } from "./client.js";
import { type AppProcess, type Environment, suiteEconomy } from "./environment.js";
import type { CheckResult } from "./report.js";

const CHAIN_ID = 31337;
const RELAYER_LOCK = 0x5e1a0000 + CHAIN_ID;

/** The suite's economy with check-ins sponsored on the local chain (the development relayer, Hardhat's #19). */
export function sponsoredEconomyFile(env: Environment): string {
  const file = path.join(env.workDir, "economy-sponsored.json");
  writeFileSync(
    file,
    JSON.stringify({
      ...suiteEconomy,
      sponsorship: {
        actions: ["check_in"],
        memberDailyQuota: 10,
        // Members minutes old, hundreds of relays at once: the sybil bound (decision 0041) off here.
        chains: {
          local: {
            dailyBudget: "100",
            lowBalance: "1",
            maxFeeGwei: "200",
            newMemberHours: 0,
            maxRelaysPerHour: 100000,
          },
        },
      },
    }),
  );
  return file;
}

function forwarderOf(env: Environment): Hex {
  const record = JSON.parse(readFileSync(path.join(env.workDir, `${CHAIN_ID}.json`), "utf8")) as {
    contracts: { Forwarder: { address: Hex } };
  };
  return record.contracts.Forwarder.address;
}

/** The member's sponsored check-in (forwarder nonce 0 unless told: each member here relays once), signed by their wallet. */
export async function signedCheckIn(env: Environment, member: Member, nonce = 0n) {
  const request = {
    from: member.account.address,
    to: env.chain.contracts.Daily.address,
    value: 0n,
    gas: 120_000n,
    nonce,
    deadline: Math.floor(Date.now() / 1000) + 540,
    data: encodeFunctionData({ abi: dailyAbi, functionName: "checkIn" }),
  };
  const signature = await signForwardRequest(
    member.account,
    { chainId: CHAIN_ID, forwarder: forwarderOf(env) },
    request,
  );
  return {
    chain_id: CHAIN_ID,
    request: { ...request, value: "0", gas: "120000", nonce: nonce.toString() },
    signature,
  };
}

/** Members with a bound wallet holding nothing, `parallel` signed up at a time. */
export async function emptyWalletMembers(env: Environment, urls: string[], count: number, label: string) {
  const members: Member[] = [];
  for (let start = 0; start < count; start += 10) {
    members.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - start) }, async (_, k) => {
          const url = urls[(start + k) % urls.length] as string;
          const member = await signUp(env, url, label);
          await bindWallet(url, member);
          return member;
        }),
      )),
    );
  }
  return members;
}

export async function relay(env: Environment, url: string, member: Member): Promise<string> {
  const answer = await postJson(url, "/blockchain/relay", await signedCheckIn(env, member), member.headers);
  const relayId = (answer.json as { data?: { relay_id?: string } } | undefined)?.data?.relay_id;
  if (answer.status !== 202 || !relayId) {
    throw new Error(`relay refused: ${answer.status} ${errorCodeOf(answer)} ${answer.text.slice(0, 200)}`);
  }
  return relayId;
}

interface Outcome {
  confirmed: number;
  credited: number;
  open: number;
  failed: string[];
  credits: number;
  doubled: number;
}

/** Where the members' relays ended up, and how many check-in credits each got. */
async function outcome(env: Environment, members: Member[]): Promise<Outcome> {
  const emails = members.map((member) => member.email.toLowerCase());
  const relays = await env.sql<{ state: string; credited: boolean; failure_reason: string | null }[]>`
    select r.state, r.credited, r.failure_reason from sponsored_relays r join users u on u.id = r.user_id
    where u.email in ${env.sql(emails)}`;
  const [credits] = await env.sql<{ credits: number; doubled: number }[]>`
    select count(*)::int as credits, count(*) filter (where n > 1)::int as doubled from (
      select count(*)::int as n from ledger_entries l join users u on u.id = l.user_id
      where l.kind = 'check_in' and u.email in ${env.sql(emails)} group by l.user_id) per_member`;
  return {
    confirmed: relays.filter((r) => r.state === "confirmed").length,
    credited: relays.filter((r) => r.credited).length,
    open: relays.filter((r) => ["queued", "signed", "sent"].includes(r.state)).length,
    failed: relays.filter((r) => r.state === "failed").map((r) => r.failure_reason ?? "failed"),
    credits: credits?.credits ?? 0,
    doubled: credits?.doubled ?? 0,
  };
}

async function settled(env: Environment, members: Member[], timeoutMs: number) {
  return poll(
    "every relay settled",
    async () => {
      const now = await outcome(env, members);
      return now.open === 0 && now.confirmed + now.failed.length === members.length ? now : undefined;
    },
    timeoutMs,
  );
}

/** The relayer's transactions: nonces 0..n-1 each mined exactly once, none skipped or reused. */
async function nonceAudit(env: Environment) {
  const rows = await env.sql<{ nonce: number; mined: number; attempts: number }[]>`
    select nonce::int, count(*) filter (where state = 'mined')::int as mined, count(*)::int as attempts
    from relayer_transactions where chain_id = ${CHAIN_ID} group by nonce order by nonce`;
  const contiguous = rows.every((row, i) => row.nonce === i && row.mined === 1);
  const [account] = await env.sql<{ address: Hex }[]>`
    select address from relayer_accounts where chain_id = ${CHAIN_ID}`;
  const chainCount = account ? await env.chain.client.getTransactionCount({ address: account.address }) : -1;
  return { rows, contiguous, chainCount };
}

/** Runs one check; an error fails it with the servers' last relayer lines, and the next check still runs. */
async function guarded(results: CheckResult[], check: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    results.push({
      check,
      attempts: 1,
      failures: 1,
      figure: "stopped by an error",
      details: [String(error instanceof Error ? error.message : error), ...serverLines()],
    });
  }
}

let watched: AppProcess[] = [];
function serverLines(): string[] {
  return watched.flatMap((app) =>
    app
      .output()
      .split("\n")
      .filter((text) => /relayer|error/i.test(text))
      .slice(-5)
      .map((text) => `${app.name}: ${text.slice(0, 400)}`),
  );
}

const line = (o: Outcome) =>
  `${o.confirmed} confirmed, ${o.credited} credited, ${o.credits} check-in credits (doubled ${o.doubled})${o.failed.length ? `, failed: ${[...new Set(o.failed)].join("; ")}` : ""}`;

/**
 * Sponsored transactions against real servers, PostgreSQL and the local chain (issue 27): two
 * servers relaying 100 members at once; the RPC cut while relaying; a stuck transaction replaced;
 * the relaying server SIGKILLed between signing and broadcasting.
 */
export async function sponsoredRelays(env: Environment): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const economy = sponsoredEconomyFile(env);
  const first = await env.startApp("sponsor-1", { ECONOMY_FILE: economy });
  const second = await env.startApp("sponsor-2", { ECONOMY_FILE: economy });
  watched = [first, second];

  // 1. Two servers, 100 members relaying at the same moment.
  await guarded(results, "sponsor: 2 servers × 100 members", async () => {
    const members = await emptyWalletMembers(env, [first.url, second.url], 100, "sponsor-scale");
    const started = performance.now();
    const accepted = await Promise.allSettled(
      members.map((member, i) => relay(env, (i % 2 ? second : first).url, member)),
    );
    const refused = accepted.filter((a) => a.status === "rejected");
    const done = await settled(env, members, 90_000).catch(() => null);
    const seconds = (performance.now() - started) / 1000;
    const final = done ?? (await outcome(env, members));
    const audit = await nonceAudit(env);
    const [holders] = await env.sql<{ n: number }[]>`
      select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and objid = ${RELAYER_LOCK}
        and database = (select oid from pg_database where datname = current_database())`;
    const ok =
      refused.length === 0 &&
      final.confirmed === 100 &&
      final.credited === 100 &&
      final.credits === 100 &&
      final.doubled === 0 &&
      audit.contiguous &&
      audit.chainCount === audit.rows.length &&
      holders?.n === 1;
    results.push({
      check: "sponsor: 2 servers × 100 members",
      attempts: 100,
      failures: ok ? 0 : 1,
      figure: `${line(final)} in ${seconds.toFixed(1)} s; ${audit.rows.length} relayer transactions on nonces 0..${audit.rows.length - 1} (${audit.contiguous ? "contiguous, each mined once" : "NOT contiguous"}), the chain counts ${audit.chainCount}; ${holders?.n} server sending`,
      details: refused.map((r) => String((r as PromiseRejectedResult).reason)).slice(0, 3),
    });
  });

  // 2. The RPC cut while relaying: the relays wait, then go out once.
  await guarded(results, "sponsor: RPC cut while relaying", async () => {
    const members = await emptyWalletMembers(env, [first.url], 10, "sponsor-cut");
    await env.chain.client.setAutomine(false);
    try {
      await Promise.all(members.map((member) => relay(env, first.url, member)));
      // Relaying: a transaction is out (mining is paused, so it waits in the node's pool).
      await poll("a relay sent", async () => {
        const [sent] = await env.sql<{ n: number }[]>`
          select count(*)::int as n from sponsored_relays r join users u on u.id = r.user_id
          where r.state = 'sent' and u.email in ${env.sql(members.map((m) => m.email.toLowerCase()))}`;
        return (sent?.n ?? 0) > 0 ? true : undefined;
      });
      env.relays.rpc.cut();
      // Mined while the servers cannot see the chain; they must find out once it is back.
      await env.chain.client.mine({ blocks: 1 });
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const during = await outcome(env, members);
      await env.relays.rpc.restore();
      await env.chain.client.setAutomine(true);
      const after = await settled(env, members, 60_000).catch(() => outcome(env, members));
      const audit = await nonceAudit(env);
      const ok =
        during.failed.length === 0 &&
        after.confirmed === 10 &&
        after.credits === 10 &&
        after.doubled === 0 &&
        audit.contiguous &&
        audit.chainCount === audit.rows.length;
      results.push({
        check: "sponsor: RPC cut while relaying",
        attempts: 10,
        failures: ok ? 0 : 1,
        figure: `during the 5 s cut: ${during.open} waiting, ${during.failed.length} failed; after: ${line(after)}; nonces ${audit.contiguous ? "contiguous" : "NOT contiguous"}`,
      });
    } finally {
      await env.relays.rpc.restore();
      await env.chain.client.setAutomine(true);
    }
  });

  // 3. A stuck transaction (mining paused): replaced with bumped fees after 30 s, confirmed once.
  await guarded(results, "sponsor: stuck transaction replaced", async () => {
    const [member] = await emptyWalletMembers(env, [first.url], 1, "sponsor-stuck");
    const members = [member as Member];
    await env.chain.client.setAutomine(false);
    let attempts: { attempt: number; state: string; max_fee_per_gas: string }[] = [];
    try {
      await relay(env, second.url, member as Member);
      const nonce = await poll("the stuck transaction stored", async () => {
        const [r] = await env.sql<{ relayer_nonce: number | null }[]>`
          select r.relayer_nonce from sponsored_relays r join users u on u.id = r.user_id where u.email = ${(member as Member).email.toLowerCase()}`;
        return r?.relayer_nonce ?? undefined;
      });
      await poll(
        "a replacement",
        async () => {
          const [replacement] = await env.sql`
            select 1 from relayer_transactions where chain_id = ${CHAIN_ID} and nonce = ${nonce} and attempt >= 1 and broadcast_at is not null`;
          return replacement ? true : undefined;
        },
        50_000,
      );
      await env.chain.client.mine({ blocks: 1 });
      await env.chain.client.setAutomine(true);
      const after = await settled(env, members, 30_000).catch(() => outcome(env, members));
      attempts = await env.sql`
        select attempt, state, max_fee_per_gas from relayer_transactions where chain_id = ${CHAIN_ID} and nonce = ${nonce} order by attempt`;
      const audit = await nonceAudit(env);
      const mined = attempts.filter((a) => a.state === "mined").length;
      const ok =
        after.confirmed === 1 &&
        after.credits === 1 &&
        after.doubled === 0 &&
        mined === 1 &&
        attempts.length >= 2 &&
        audit.contiguous;
      results.push({
        check: "sponsor: stuck transaction replaced",
        attempts: 1,
        failures: ok ? 0 : 1,
        figure: `nonce ${nonce}: ${attempts.map((a) => `attempt ${a.attempt} ${a.state} at ${(Number(a.max_fee_per_gas) / 1e9).toFixed(2)} gwei`).join(", ")}; ${line(after)}`,
      });
    } finally {
      await env.chain.client.setAutomine(true);
    }
  });

  // 4. The relaying server SIGKILLed between storing the signed transaction and broadcasting it.
  await guarded(results, "sponsor: SIGKILL between signing and broadcast", async () => {
    await first.stop();
    await second.stop();
    // Accepted by a server that does not send (RELAYER=off): the relay waits for the victim.
    const acceptor = await env.startApp("sponsor-accept", { ECONOMY_FILE: economy, RELAYER: "off" });
    let successor: AppProcess | null = null;
    try {
      const [member] = await emptyWalletMembers(env, [acceptor.url], 1, "sponsor-kill");
      const members = [member as Member];
      const relayId = await relay(env, acceptor.url, member as Member);
      // Every RPC chunk now takes 2 s each way: the broadcast is still on its way when the server dies.
      env.relays.rpc.delay(2_000);
      const victim = await env.startApp("sponsor-victim", { ECONOMY_FILE: economy });
      watched = [acceptor, victim];
      const stored = await poll(
        "the signed transaction stored",
        async () => {
          const [tx] = await env.sql<{ nonce: number; hash: string; broadcast_at: Date | null }[]>`
            select t.nonce::int, t.hash, t.broadcast_at from relayer_transactions t
            join sponsored_relays r on r.relayer_nonce = t.nonce and r.relayer = t.relayer and r.chain_id = t.chain_id
            where r.id = ${relayId}`;
          return tx;
        },
        60_000,
      );
      await victim.kill("SIGKILL");
      env.relays.rpc.delay(0);
      const reachedNode = await env.chain.client
        .getTransaction({ hash: stored.hash as Hex })
        .then(() => true)
        .catch(() => false);
      successor = await env.startApp("sponsor-successor", { ECONOMY_FILE: economy });
      watched = [acceptor, successor];
      const after = await settled(env, members, 30_000).catch(() => outcome(env, members));
      const rows = await env.sql<{ hash: string; state: string }[]>`
        select hash, state from relayer_transactions where chain_id = ${CHAIN_ID} and nonce = ${stored.nonce}`;
      const receipt = await env.chain.client.getTransactionReceipt({ hash: stored.hash as Hex }).catch(() => null);
      const audit = await nonceAudit(env);
      const same = rows.length === 1 && rows[0]?.hash === stored.hash;
      const ok =
        stored.broadcast_at === null &&
        same &&
        receipt?.status === "success" &&
        after.confirmed === 1 &&
        after.credits === 1 &&
        after.doubled === 0 &&
        audit.contiguous &&
        audit.chainCount === audit.rows.length;
      results.push({
        check: "sponsor: SIGKILL between signing and broadcast",
        attempts: 1,
        failures: ok ? 0 : 1,
        figure: `killed with nonce ${stored.nonce} stored${stored.broadcast_at ? " and broadcast" : ", not yet broadcast"} (the node ${reachedNode ? "had" : "had not"} seen it); the restarted server sent ${same ? "that same transaction" : `${rows.length} transactions`} (${receipt ? "mined" : "not mined"}); ${line(after)}`,
      });
    } finally {
      env.relays.rpc.delay(0);
      await successor?.stop();
      await acceptor.stop();
    }
  });
  return results;
}
