import type { Hex } from "viem";
import { dataOf, getJson, type Member, memberChain, poll, postJson } from "./client.js";
import { ledgerInvariant } from "./database.js";
import type { AppProcess, Environment } from "./environment.js";
import type { CheckResult } from "./report.js";

async function ledgerOf(env: Environment, member: Member) {
  return env.sql<{ kind: string; amount: number }[]>`
    select l.kind, l.amount from ledger_entries l join users u on u.id = l.user_id where u.email = ${member.email}
    order by l.id`;
}

async function ptsOf(env: Environment, member: Member) {
  const [row] = await env.sql<{ pts: number }[]>`select pts from users where email = ${member.email}`;
  return row?.pts ?? Number.NaN;
}

/**
 * Check 6: on the local chain, take a snapshot, check in, record tarot, mint and stake and claim,
 * let the indexer credit all of it, revert to the snapshot and mine a longer branch without those
 * transactions. The indexer rolls back, compensating `reversal` entries appear, the member's
 * balance is what it was before the snapshot, and the ledger invariant holds.
 */
export async function reorg(env: Environment, app: AppProcess, member: Member): Promise<CheckResult[]> {
  const problems: string[] = [];
  const chain = memberChain(env, member);
  const ptsBefore = await ptsOf(env, member);
  const snapshot = await env.chain.client.snapshot();
  const headBefore = await env.chain.client.getBlockNumber();
  const checkIn = await chain.checkIn();
  const draw = dataOf<{ digest: Hex }>(await getJson(app.url, "/tarot/draw", member.headers));
  await chain.recordTarot(draw.digest);
  const tokenId = await chain.mintAndStake(app.url);
  await poll(
    "check-in, tarot and stake credited by the indexer",
    async () => {
      const kinds = (await ledgerOf(env, member)).map((row) => row.kind);
      const [pass] = await env.sql<{ staked: boolean }[]>`
        select staked from passes where chain_id = 31337 and token_id = ${tokenId}`;
      return kinds.includes("check_in") && kinds.includes("tarot") && pass?.staked ? true : undefined;
    },
    20_000,
  );
  await poll(
    "staking points to claim",
    async () =>
      dataOf<{ total_pending: number }>(await getJson(app.url, "/nft/staking/rewards", member.headers)).total_pending >
      0
        ? true
        : undefined,
    30_000,
  );
  const claimed = dataOf<{ claimed: number }>(
    await postJson(app.url, "/nft/staking/claim_all", {}, member.headers),
  ).claimed;
  const credited = (await ledgerOf(env, member)).filter((row) => ["check_in", "tarot", "staking"].includes(row.kind));
  const creditedPoints = credited.reduce((sum, row) => sum + row.amount, 0);
  const headCredited = await env.chain.client.getBlockNumber();

  // The branch those blocks were on is orphaned: a longer one without them wins.
  await env.chain.client.revert({ id: snapshot });
  await env.chain.client.mine({ blocks: Number(headCredited - headBefore) + 3 });
  const revertedAt = Date.now();
  let rolledBackMs = Number.NaN;
  await poll(
    "orphaned credits reversed",
    async () => ((await ptsOf(env, member)) === ptsBefore ? true : undefined),
    30_000,
  )
    .then(() => {
      rolledBackMs = Date.now() - revertedAt;
    })
    .catch(async () => {
      problems.push(`balance ${ptsBefore} before the snapshot, ${await ptsOf(env, member)} after the reorg`);
    });
  const rows = await ledgerOf(env, member);
  const reversals = rows.filter((row) => row.kind === "reversal");
  const reversed = -reversals.reduce((sum, row) => sum + row.amount, 0);
  if (reversed !== creditedPoints)
    problems.push(`${creditedPoints} points credited on the orphaned branch, ${reversed} reversed`);
  const [orphans] = await env.sql<{ check_ins: number; passes: number }[]>`
    select (select count(*)::int from check_ins where tx_hash = ${checkIn.transactionHash.toLowerCase()}) as check_ins,
           (select count(*)::int from passes where chain_id = 31337 and token_id = ${tokenId}) as passes`;
  if (orphans?.check_ins) problems.push("the orphaned check-in is still recorded");
  if (orphans?.passes) problems.push(`orphaned Genesis Pass #${tokenId} is still recorded`);
  const invariant = await ledgerInvariant(env.sql);
  problems.push(...invariant);
  return [
    {
      check: "reorg: evm_snapshot → credits → evm_revert → longer branch",
      attempts: credited.length,
      failures: problems.length,
      figure:
        `${credited.length} credits (${creditedPoints} pts, ${claimed} of them claimed staking) on the orphaned branch, ` +
        `${reversals.length} reversals (${reversed} pts) within ${Number.isNaN(rolledBackMs) ? "—" : `${(rolledBackMs / 1000).toFixed(1)} s`}, ` +
        `${invariant.length} invariant violations`,
      details: problems,
    },
  ];
}
