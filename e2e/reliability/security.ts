import { writeFileSync } from "node:fs";
import path from "node:path";
import { createRedisRateLimiter } from "../../server/src/rate-limit/redis-limiter.js";
import { hostileRedirects } from "../../server/src/test/hostile-redirects.js";
import { type Answer, bindWallet, errorCodeOf, getJson, type Member, poll, postJson, send, signUp } from "./client.js";
import { type Environment, suiteEconomy } from "./environment.js";
import type { CheckResult } from "./report.js";
import { signedCheckIn } from "./sponsorship.js";

const CHAIN_ID = 31337;
/** The bounds this server runs with: small, so each is reached in a few requests. */
const limits = {
  relaysPerMemberPerHour: 4,
  relaysPerIpPerHour: 6,
  statusPerMemberPerMinute: 10,
  statusPerIpPerMinute: 20,
};
const MAX_RELAYS_PER_HOUR = 3;

/** Sponsored check-ins with the sybil bound on (decision 0041) and the relay routes' limits set low. */
function securityEconomyFile(env: Environment): string {
  const file = path.join(env.workDir, "economy-security.json");
  writeFileSync(
    file,
    JSON.stringify({
      ...suiteEconomy,
      sponsorship: {
        actions: ["check_in"],
        memberDailyQuota: 10,
        chains: {
          local: {
            // opBNB's shipped day (0.05), so the burn pace below is a figure of that order.
            dailyBudget: "0.05",
            lowBalance: "1",
            maxFeeGwei: "200",
            newMemberHours: 24,
            newMemberDailyQuota: 0,
            maxRelaysPerHour: MAX_RELAYS_PER_HOUR,
            burnPaceAlert: 2,
          },
        },
        rateLimits: limits,
      },
    }),
  );
  return file;
}

/** Status counts of answers: "4 × 400 invalid_nonce, 2 × 429 too_many_requests". */
function tally(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const key = `${answer.status}${errorCodeOf(answer) ? ` ${errorCodeOf(answer)}` : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n} × ${key}`).join(", ");
}
const count = (answers: Answer[], status: number) => answers.filter((answer) => answer.status === status).length;

async function walletMember(env: Environment, url: string, label: string): Promise<Member> {
  const member = await signUp(env, url, label);
  await bindWallet(url, member);
  return member;
}

/** Older than the sybil bound's new-member window: the account as if made 25 hours ago. */
async function aged(env: Environment, member: Member) {
  await env.sql`update users set created_at = now() - interval '25 hours' where email = ${member.email.toLowerCase()}`;
}

async function guarded(results: CheckResult[], check: string, run: () => Promise<CheckResult>) {
  try {
    results.push(await run());
  } catch (error) {
    results.push({ check, attempts: 1, failures: 1, figure: "stopped by an error", details: [String(error)] });
  }
}

/**
 * Issue 41's findings against a real server over HTTP: the redirect after sign-in for hostile forms,
 * a stranger's wrong codes against a member's sign-in, the relay routes' rate limits and the sybil
 * bound on sponsorship (new accounts, the hourly cap per chain, the burn-pace series).
 */
export async function securityBounds(env: Environment): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  // The hourly cap is counted in the shared Redis (a fixed hour): start it from 0 for this server.
  const counters = createRedisRateLimiter(`redis://127.0.0.1:${env.relays.redis.port}/9`, () => new Date());
  await counters.reset({ name: "relay_chain_hour", max: 0, windowMs: 0 }, String(CHAIN_ID));
  await counters.close();
  const app = await env.startApp("security", { ECONOMY_FILE: securityEconomyFile(env) });
  const url = app.url;
  try {
    await guarded(results, "security: redirect after sign-in", async () => {
      const member = await signUp(env, url, "redirect");
      const rows: string[] = [];
      let escaped = 0;
      for (const value of hostileRedirects) {
        const answer = await send(url, {
          method: "GET",
          path: `/auth?redirect=${encodeURIComponent(value)}`,
          headers: { cookie: `arcana_session=${member.token}`, "x-forwarded-for": member.ip },
        });
        const location = String(answer.headers.location ?? "");
        const stays =
          answer.status === 302 &&
          new URL(location, "http://arcana.test").origin === "http://arcana.test" &&
          !location.startsWith("//") &&
          !location.startsWith("/\\");
        if (!stays) escaped += 1;
        rows.push(`${JSON.stringify(value).padEnd(26)} → ${answer.status} ${JSON.stringify(location)}`);
      }
      console.log(`    hostile redirects for a signed-in member (/auth?redirect=…):\n      ${rows.join("\n      ")}`);
      return {
        check: "security: redirect after sign-in",
        attempts: hostileRedirects.length,
        failures: escaped,
        figure: `${hostileRedirects.length - escaped} of ${hostileRedirects.length} hostile forms (//, /\\, /.//, /x/..//, %2e, %2f, %5c, tab, newline, absolute, javascript:) answered a Location on this site`,
        details: escaped ? rows : [],
      };
    });

    await guarded(results, "security: a stranger's wrong codes vs the owner", async () => {
      const owner = await signUp(env, url, "lockout-owner");
      const real = new Set(env.smtp.codesFor(owner.email));
      const wrong = ["000000", "111111", "222222", "333333"].find((code) => !real.has(code)) as string;
      const guesses: Answer[] = [];
      // Two strangers, each on a network of their own: a code of their own, 5 wrong guesses each.
      for (let stranger = 0; stranger < 2; stranger++) {
        const from = { "x-forwarded-for": env.newIp() };
        const sent = await postJson(url, "/send_code", { email: owner.email, check_email: false }, from);
        if (sent.status !== 200) throw new Error(`a stranger's send_code: ${sent.status} ${sent.text.slice(0, 200)}`);
        for (let i = 0; i < 5; i++) {
          guesses.push(await postJson(url, "/sign_in", { email: owner.email, code: wrong, type: "code" }, from));
        }
      }
      // The address has had its 10 wrong codes: a third stranger's guess is refused before any code is compared.
      const third = await postJson(
        url,
        "/sign_in",
        { email: owner.email, code: wrong, type: "code" },
        { "x-forwarded-for": env.newIp() },
      );
      // The owner, on a new device and network, asks for a fresh code and types it.
      const ownerFrom = { "x-forwarded-for": env.newIp() };
      const before = env.smtp.codesFor(owner.email).length;
      const asked = await postJson(url, "/send_code", { email: owner.email, check_email: false }, ownerFrom);
      const code = await poll("the owner's fresh code", () =>
        env.smtp.codesFor(owner.email).length > before ? env.smtp.codesFor(owner.email).at(-1) : undefined,
      );
      const signedIn = await postJson(url, "/sign_in", { email: owner.email, code, type: "code" }, ownerFrom);
      const ok = asked.status === 200 && signedIn.status === 200 && third.status === 429 && count(guesses, 200) === 0;
      return {
        check: "security: a stranger's wrong codes vs the owner",
        attempts: guesses.length + 2,
        failures: ok ? 0 : 1,
        figure: `2 strangers × (send_code + 5 wrong codes): ${tally(guesses)}; a 3rd stranger's guess: ${third.status} ${errorCodeOf(third) ?? ""}; the owner's fresh code from a new network: ${signedIn.status} (${signedIn.status === 200 ? "signed in, not locked out" : `LOCKED OUT: ${errorCodeOf(signedIn)}`})`,
      };
    });

    await guarded(results, "security: relay route limits", async () => {
      // One member, wrong forwarder nonces: each answered (after a chain read) until the member's hourly limit.
      const alone = await walletMember(env, url, "relay-limit");
      const perMember: Answer[] = [];
      for (let i = 0; i < limits.relaysPerMemberPerHour + 2; i++) {
        perMember.push(await postJson(url, "/blockchain/relay", await signedCheckIn(env, alone, 7n), alone.headers));
      }
      // Two members on one network, under their own limits: the network's limit.
      const sharedIp = env.newIp();
      const pair = [await walletMember(env, url, "relay-ip"), await walletMember(env, url, "relay-ip")];
      const perIp: Answer[] = [];
      for (let i = 0; i < 4; i++) {
        for (const member of pair) {
          perIp.push(
            await postJson(url, "/blockchain/relay", await signedCheckIn(env, member, 7n), {
              ...member.headers,
              "x-forwarded-for": sharedIp,
            }),
          );
        }
      }
      // The sponsorship read: per member a minute, then per network.
      const reads: Answer[] = [];
      for (let i = 0; i < limits.statusPerMemberPerMinute + 4; i++) {
        reads.push(await getJson(url, "/blockchain/sponsorship", alone.headers));
      }
      // Three members on one network, 8 reads each (under their own limit): the network's limit.
      const readers = [...pair, await signUp(env, url, "read-ip")];
      const readIp = env.newIp();
      const ipReads: Answer[] = [];
      for (let i = 0; i < 8; i++) {
        for (const member of readers) {
          ipReads.push(await getJson(url, "/blockchain/sponsorship", { ...member.headers, "x-forwarded-for": readIp }));
        }
      }
      const served = reads.filter((answer) => answer.status === 200);
      const meanMs = served.reduce((sum, answer) => sum + answer.ms, 0) / Math.max(1, served.length);
      const refusal = perMember.find((answer) => answer.status === 429)?.json as
        | { error?: { retry_after?: number } }
        | undefined;
      const retryAfter = refusal?.error?.retry_after;
      const ok =
        count(perMember, 429) === 2 &&
        (retryAfter ?? 0) > 0 &&
        count(perMember.slice(0, limits.relaysPerMemberPerHour), 429) === 0 &&
        count(perIp, 429) === perIp.length - limits.relaysPerIpPerHour &&
        count(reads, 200) === limits.statusPerMemberPerMinute &&
        count(reads, 429) === 4 &&
        count(ipReads, 200) === limits.statusPerIpPerMinute &&
        count(ipReads, 429) === ipReads.length - limits.statusPerIpPerMinute;
      return {
        check: "security: relay route limits",
        attempts: perMember.length + perIp.length + reads.length + ipReads.length,
        failures: ok ? 0 : 1,
        figure:
          `POST /blockchain/relay (wrong nonce) one member, limit ${limits.relaysPerMemberPerHour}/h: ${tally(perMember)} (retry_after ${retryAfter ?? "none"} s); ` +
          `two members on one network, limit ${limits.relaysPerIpPerHour}/h: ${tally(perIp)}; ` +
          `GET /blockchain/sponsorship one member, limit ${limits.statusPerMemberPerMinute}/min: ${tally(reads)} (mean ${meanMs.toFixed(1)} ms); ` +
          `three members on one network, limit ${limits.statusPerIpPerMinute}/min: ${tally(ipReads)}`,
      };
    });

    await guarded(results, "security: sybil bound on sponsorship", async () => {
      // A fresh account: no sponsored relay on its first day here (newMemberDailyQuota 0).
      const fresh = await walletMember(env, url, "sybil-fresh");
      const freshStatus = await getJson(url, "/blockchain/sponsorship", fresh.headers);
      const freshLeft = (freshStatus.json as { data?: { chains?: { left_today: number }[] } })?.data?.chains?.[0]
        ?.left_today;
      const freshRelay = await postJson(url, "/blockchain/relay", await signedCheckIn(env, fresh), fresh.headers);
      // Accounts past the window, more of them than the chain's hourly cap.
      const farm: Member[] = [];
      for (let i = 0; i <= MAX_RELAYS_PER_HOUR; i++) {
        const member = await walletMember(env, url, "sybil-aged");
        await aged(env, member);
        farm.push(member);
      }
      const agedStatus = await getJson(url, "/blockchain/sponsorship", farm[0]?.headers);
      const agedLeft = (agedStatus.json as { data?: { chains?: { left_today: number }[] } })?.data?.chains?.[0]
        ?.left_today;
      const relays: Answer[] = [];
      for (const member of farm) {
        relays.push(await postJson(url, "/blockchain/relay", await signedCheckIn(env, member), member.headers));
      }
      const overCap = relays.at(-1) as Answer;
      // The accepted ones go out before this server stops (the next servers on this database do not sponsor).
      const emails = farm.map((member) => member.email.toLowerCase());
      await poll(
        "the accepted relays confirmed",
        async () => {
          const [open] = await env.sql<{ n: number }[]>`
            select count(*)::int as n from sponsored_relays r join users u on u.id = r.user_id
            where u.email in ${env.sql(emails)} and r.state <> 'confirmed'`;
          return open?.n === 0 ? true : undefined;
        },
        30_000,
      );
      const overCapRetry = (overCap.json as { error?: { retry_after?: number } } | undefined)?.error?.retry_after;
      const metrics = (await send(url, { method: "GET", path: "/metrics" })).text;
      const series = (name: string) =>
        Number(metrics.match(new RegExp(`^${name}\\{chain="local"\\} (\\S+)$`, "m"))?.[1] ?? Number.NaN);
      const pace = series("arcana_sponsorship_burn_pace");
      const paceLimit = series("arcana_sponsorship_burn_pace_limit");
      const ok =
        freshLeft === 0 &&
        errorCodeOf(freshRelay) === "quota_used" &&
        agedLeft === 10 &&
        count(relays.slice(0, MAX_RELAYS_PER_HOUR), 202) === MAX_RELAYS_PER_HOUR &&
        errorCodeOf(overCap) === "budget_spent" &&
        (overCapRetry ?? 0) > 0 &&
        Number.isFinite(pace) &&
        pace > 0 &&
        paceLimit === 2;
      return {
        check: "security: sybil bound on sponsorship",
        attempts: relays.length + 1,
        failures: ok ? 0 : 1,
        figure:
          `a fresh account: left_today ${freshLeft}, its relay ${freshRelay.status} ${errorCodeOf(freshRelay)}; ` +
          `accounts older than 24 h: left_today ${agedLeft}, ${relays.length} relays → ${tally(relays)} (hourly cap ${MAX_RELAYS_PER_HOUR}, retry_after ${overCapRetry} s); ` +
          `arcana_sponsorship_burn_pace ${Number.isFinite(pace) ? pace.toFixed(4) : "absent"} (alert above ${paceLimit})`,
        details: ok ? [] : [freshRelay.text.slice(0, 200), ...relays.map((answer) => answer.text.slice(0, 200))],
      };
    });
  } finally {
    await app.stop();
  }
  return results;
}
