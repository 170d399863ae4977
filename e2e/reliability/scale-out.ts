import { dailyAbi } from "@arcana/contracts";
import { getAbiItem } from "viem";
import { type Answer, getJson, type Member, memberChain, poll, postJson } from "./client.js";
import type { AppProcess, Environment } from "./environment.js";
import type { CheckResult } from "./report.js";

const INDEXER_LOCK_KEY = 0x4a7ca1;

/** Whether the server's log says it leads now: its last word on leadership is "leading". */
function leads(app: AppProcess): boolean {
  return app.leadership().leading;
}

async function lockHolders(env: Environment): Promise<number> {
  const [row] = await env.sql<{ n: number }[]>`
    select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and objid = ${INDEXER_LOCK_KEY}
      and database = (select oid from pg_database where datname = current_database())`;
  return row?.n ?? 0;
}

/**
 * Check 4: two servers on one PostgreSQL and Redis. A rate limit counts across both, a session
 * signed out on one is refused by the other, exactly one indexer leads, and when the leader is
 * SIGKILLed mid-range the other takes over within 10 s with every chain event credited once.
 * Resolves to the surviving server too.
 */
export async function twoServers(
  env: Environment,
  first: AppProcess,
  newMember: (url: string) => Promise<Member>,
  newWalletlessMember: (url: string) => Promise<Member>,
): Promise<{ results: CheckResult[]; survivor: AppProcess }> {
  const results: CheckResult[] = [];
  const second = await env.startApp("b");
  const servers = [first, second];

  // A per-member limit (10 wallet nonces a minute) counted on both servers together.
  {
    const member = await newWalletlessMember(first.url);
    const answers: Answer[] = [];
    for (let i = 0; i < 16; i++)
      answers.push(await getJson((servers[i % 2] as AppProcess).url, "/wallet/nonce", member.headers));
    const allowed = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429).length;
    results.push({
      check: "2 servers: shared rate limit",
      attempts: answers.length,
      failures: allowed === 10 && refused === 6 ? 0 : 1,
      figure: `${allowed} allowed of 16 across both (limit 10 a minute), ${refused} refused`,
    });
  }

  // A session signed out on one server is refused on the other.
  {
    const member = await newMember(first.url);
    const before = (await getJson(second.url, "/users/mine", member.headers)).status;
    const signedOut = await postJson(first.url, "/sign_out", {}, member.headers);
    const at = Date.now();
    let refusedAfterMs = Number.NaN;
    await poll(
      "sign-out seen by the other server",
      async () => ((await getJson(second.url, "/users/mine", member.headers)).status === 401 ? true : undefined),
      5_000,
    )
      .then(() => {
        refusedAfterMs = Date.now() - at;
      })
      .catch(() => {});
    const ok = before === 200 && signedOut.status === 200 && refusedAfterMs <= 1_000;
    results.push({
      check: "2 servers: revoked session refused on the other",
      attempts: 1,
      failures: ok ? 0 : 1,
      figure: `refused after ${Number.isNaN(refusedAfterMs) ? "—" : `${refusedAfterMs} ms`} (limit 1 s)`,
    });
  }

  // One leader; SIGKILL it while check-ins are being mined; the other takes over.
  {
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember(second.url)));
    const problems: string[] = [];
    await poll("one indexer leading", async () => ((await lockHolders(env)) === 1 ? true : undefined), 15_000).catch(
      () => problems.push(`indexer lock held ${servers.filter(leads).length} times`),
    );
    const leaders = servers.filter(leads);
    if (leaders.length !== 1) problems.push(`${leaders.length} servers say they lead`);
    const leader = leaders[0] ?? first;
    const follower = leader === first ? second : first;
    const followerLeadsBefore = follower.leadership().taken;
    // Half the check-ins before the kill, half after: the range the leader was in the middle of.
    for (const member of members.slice(0, 4)) await memberChain(env, member).checkIn();
    await leader.kill("SIGKILL");
    const killedAt = Date.now();
    for (const member of members.slice(4)) await memberChain(env, member).checkIn();
    let takeoverMs = Number.NaN;
    await poll(
      "the other server leads",
      () => (follower.leadership().taken > followerLeadsBefore ? true : undefined),
      20_000,
    )
      .then(() => {
        takeoverMs = Date.now() - killedAt;
      })
      .catch(() => problems.push("no server took over the indexer within 20 s"));
    if (takeoverMs > 10_000) problems.push(`takeover took ${takeoverMs} ms (limit 10 s)`);
    // Every CheckedIn event on the chain is credited exactly once.
    const head = await env.chain.client.getBlockNumber();
    await poll(
      "indexer caught up",
      async () => {
        const [row] = await env.sql<{ next: string | null }[]>`
          select min(next_block)::text as next from chain_cursors where chain_id = 31337`;
        return row?.next && BigInt(row.next) > head ? true : undefined;
      },
      20_000,
    ).catch(() => problems.push("the indexer did not catch up with the chain within 20 s"));
    const events = await env.chain.client.getLogs({
      address: env.chain.contracts.Daily.address,
      event: getAbiItem({ abi: dailyAbi, name: "CheckedIn" }),
      fromBlock: 0n,
      toBlock: head,
    });
    const credited = await env.sql<{ tx_hash: string; log_index: number }[]>`select tx_hash, log_index from check_ins`;
    const onChain = new Set(events.map((e) => `${e.transactionHash.toLowerCase()}:${e.logIndex}`));
    const inDatabase = credited.map((row) => `${row.tx_hash.toLowerCase()}:${row.log_index}`);
    const lost = [...onChain].filter((key) => !inDatabase.includes(key));
    const doubled = inDatabase.length - new Set(inDatabase).size;
    const foreign = inDatabase.filter((key) => !onChain.has(key));
    if (lost.length) problems.push(`${lost.length} check-in events never credited: ${lost.slice(0, 3).join(", ")}`);
    if (doubled) problems.push(`${doubled} check-ins credited twice`);
    if (foreign.length) problems.push(`${foreign.length} credits with no event on the chain`);
    results.push({
      check: "2 servers: indexer leader SIGKILLed",
      attempts: onChain.size,
      failures: problems.length,
      figure: `takeover in ${Number.isNaN(takeoverMs) ? "—" : `${(takeoverMs / 1000).toFixed(1)} s`}, ${onChain.size} events on chain, ${lost.length} lost, ${doubled} doubled`,
      details: problems,
    });
    return { results, survivor: follower };
  }
}
