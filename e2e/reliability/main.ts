// `npm run test:reliability`: the promises of ENGINEERING.md's "Correctness rules", checked against
// real processes on the local PostgreSQL, Redis, chain and an SMTP peer; one table at the end.
import { spawnSync } from "node:child_process";
import { hasWebBuild } from "../../server/src/web/frontend.js";
import { repoRoot } from "../src/server.js";
import { rotationAndRpcOutage } from "./chain-operations.js";
import { type Member, signUp } from "./client.js";
import { startEnvironment } from "./environment.js";
import { fuzzEveryRoute } from "./fuzz.js";
import { checkedInMember, grantPoints, newMember as newMemberOn, soakMembers } from "./members.js";
import { behindNginx } from "./nginx.js";
import { cutEveryDependency } from "./outages.js";
import { raceEveryWrite } from "./races.js";
import { remindersOnTwoServers } from "./reminders.js";
import { reorg } from "./reorg.js";
import { type CheckResult, printTable } from "./report.js";
import { twoServers } from "./scale-out.js";
import { securityBounds } from "./security.js";
import { soak } from "./soak.js";
import { sponsoredRelays } from "./sponsorship.js";

const started = performance.now();
const only = process.env.RELIABILITY_ONLY?.split(",");
const skipped = process.env.RELIABILITY_SKIP?.split(",") ?? [];
const wanted = (name: string) => (!only || only.includes(name)) && !skipped.includes(name);
const FUZZ_RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 200);
const SOAK_SECONDS = Number(process.env.RELIABILITY_SOAK_SECONDS ?? 40);
const SOAK_WARM_UP_SECONDS = Number(process.env.RELIABILITY_SOAK_WARM_UP_SECONDS ?? 20);
/** The whole run's bound: 9 minutes on a machine of its own; `.ci/run` gives it more beside the browser tests. */
const BOUND_MINUTES = Number(process.env.RELIABILITY_MINUTES ?? 9);

if (!hasWebBuild()) {
  console.log("::: building the web app (the server renders it)");
  const build = spawnSync("npm", ["run", "build", "--silent", "-w", "@arcana/web"], {
    cwd: repoRoot,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(1);
}

// A promise left behind by a failed step must not crash the run before the table is printed.
process.on("unhandledRejection", (error) => console.error("unhandled rejection:", error));

const results: CheckResult[] = [];
let phaseStarted = performance.now();
/** Prints a step's heading with how long the previous step took. */
function step(heading: string) {
  const now = performance.now();
  console.log(`    (${((now - phaseStarted) / 1000).toFixed(0)} s)`);
  phaseStarted = now;
  console.log(heading);
}
const env = await startEnvironment();
const failOnTimeout = setTimeout(
  () => {
    console.error(`reliability suite: over its ${BOUND_MINUTES}-minute bound; stopping`);
    process.exit(1);
  },
  BOUND_MINUTES * 60 * 1000 - (performance.now() - started),
);
try {
  step("::: starting the app on PostgreSQL, Redis, the local chain and SMTP (each behind a relay)");
  let app = await env.startApp("a");
  /** A member with a bound, funded wallet and 1000 points. */
  const newMember = (label = "member", url = app.url): Promise<Member> => newMemberOn(env, url, label);

  if (wanted("fuzz")) {
    step(`::: fuzz: every route of /api/openapi.json, ${FUZZ_RUNS} requests each`);
    results.push(...(await fuzzEveryRoute(env, app.url, () => newMember("fuzz"), FUZZ_RUNS)));
  }
  if (wanted("race")) {
    step("::: race: every write that moves points, supply or ownership, 50 at a time");
    results.push(
      ...(await raceEveryWrite({
        env,
        url: app.url,
        newMember,
        newWalletlessMember: (label) => signUp(env, app.url, label),
        grantPoints: (email, amount) => grantPoints(env, email, amount),
      })),
    );
  }
  const checkedIn = (label: string) => checkedInMember(env, app.url, label);

  if (wanted("outage")) {
    step("::: outages: slow, cut and restore PostgreSQL, Redis, the chain RPC and SMTP under load");
    const { member, receipt } = await checkedIn("outage");
    let emails = 0;
    results.push(
      ...(await cutEveryDependency({
        env,
        url: app.url,
        member,
        creditedCheckIn: receipt.transactionHash,
        newMember: () => newMember("outage-check-in"),
        freshEmail: () => {
          emails += 1;
          return { email: `outage-${emails}-${Date.now()}@reliability.test`, ip: env.newIp() };
        },
      })),
    );
  }
  if (wanted("scale")) {
    step("::: two servers on one PostgreSQL and Redis; SIGKILL the indexer's leader");
    const scaled = await twoServers(
      env,
      app,
      (url) => newMember("scale", url),
      (url) => signUp(env, url, "scale-limit"),
    );
    results.push(...scaled.results);
    app = scaled.survivor;
  }
  if (wanted("reminders")) {
    step("::: streak reminders: 2 servers × 300 members, one SIGKILLed mid-send, 5 check in after queueing");
    results.push(...(await remindersOnTwoServers(env)));
  }
  if (wanted("sponsor")) {
    step("::: sponsored transactions: 2 servers × 100 members, RPC cut, stuck transaction, SIGKILL before broadcast");
    results.push(...(await sponsoredRelays(env)));
  }
  if (wanted("security")) {
    step("::: security: hostile redirects, a stranger's wrong codes, the relay routes' limits, the sybil bound");
    results.push(...(await securityBounds(env)));
  }
  if (wanted("rotation")) {
    step("::: relayer key rotation as docs/operating.md's runbook says, then an RPC outage while the chain mines");
    results.push(...(await rotationAndRpcOutage(env)));
  }
  if (wanted("soak")) {
    step(`::: soak: ${SOAK_SECONDS} s of mixed member traffic`);
    const members = await soakMembers(env, app.url);
    results.push(...(await soak(env, app, members, SOAK_SECONDS, SOAK_WARM_UP_SECONDS)));
  }
  if (wanted("reorg")) {
    step("::: reorg: evm_snapshot, credits, evm_revert, a longer branch");
    results.push(...(await reorg(env, app, await newMember("reorg"))));
  }
  if (wanted("nginx")) {
    step("::: nginx: docs/operating.md's TLS example in front of a production server (TRUST_PROXY=1)");
    results.push(...(await behindNginx(env)));
  }
  step("::: done");
} catch (error) {
  results.push({
    check: "suite",
    attempts: 1,
    failures: 1,
    figure: "stopped by an error",
    details: [error instanceof Error ? (error.stack ?? error.message) : String(error)],
  });
} finally {
  for (const running of env.apps()) {
    if (running.exited())
      console.error(`::: server ${running.name} exited; its last output:\n${running.output().slice(-3000)}`);
  }
  clearTimeout(failOnTimeout);
  await env.stop();
}

const seconds = (performance.now() - started) / 1000;
printTable(results);
console.log(`\nreliability suite: ${seconds.toFixed(0)} s`);
process.exit(results.some((result) => result.failures > 0) ? 1 : 0);
