import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
import { createTestClient, http, publicActions } from "viem";
import { hardhat } from "viem/chains";
import { createScratchDatabase } from "../../server/src/test/database.js";
import { type Relay, startRelay } from "../../server/src/test/relay.js";
import { spawnOwned } from "../src/processes.js";
import { freePort, repoRoot, serverEntry, startLocalChain, waitUntilReady } from "../src/server.js";
import { keepServingWhenSendersDrop } from "../src/smtp-peer.js";

const POSTGRES_URL = process.env.RELIABILITY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_PORT = Number(process.env.RELIABILITY_REDIS_PORT ?? 6379);

/** The economy the suite runs on: staking pays 10 points a second, one box kind sells out fast, two tasks. */
export const suiteEconomy = {
  checkIn: { basePoints: 10, streakBonuses: [] },
  tarot: { points: 10 },
  staking: { pointsPerPassPerDay: 864_000, minStakeSeconds: 1 },
  boxes: [
    {
      id: "star",
      name: "Star Box",
      description: "Cheap and unlimited.",
      price: 5,
      supply: null,
      perMemberLimit: null,
      rewards: [
        { kind: "points", amount: 1, weight: 900 },
        { kind: "box", box: "moon", weight: 100 },
      ],
    },
    {
      id: "moon",
      name: "Moon Box",
      description: "One per member, a large supply.",
      price: 10,
      supply: 100_000,
      perMemberLimit: 1,
      rewards: [{ kind: "points", amount: 3, weight: 1 }],
    },
    {
      id: "last",
      name: "Last Box",
      description: "Few left: members race for them.",
      price: 10,
      supply: 30,
      perMemberLimit: null,
      rewards: [{ kind: "points", amount: 2, weight: 1 }],
    },
  ],
  // The races qualify invites by binding a wallet (the shipped default waits for a check-in).
  referrals: { windowDays: 7, inviterPoints: 50, inviteePoints: 20, qualifyOn: "wallet_bound" },
  tasks: [
    { id: "bind_wallet", title: "Bind a wallet", points: 20, when: { wallet_bound: true } },
    { id: "first_stake", title: "Stake your pass", points: 30, when: { pass_staked: true } },
  ],
};

/**
 * An in-process SMTP peer that keeps sign-in codes and counts streak reminders per recipient, and can refuse mail or
 * hold it (every `RCPT TO` parked unanswered until released: a sender stalled mid-send, its message not yet accepted).
 */
async function startSmtpPeer() {
  const codes = new Map<string, string[]>();
  const reminders = new Map<string, number>();
  let refusing = false;
  let accepted = 0;
  let holding = false;
  let parked: Array<{ to: string; answer: () => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const answer = () => {
        if (refusing) callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 451 }));
        else callback();
      };
      if (holding) parked.push({ to: address.address.toLowerCase(), answer });
      else answer();
    },
    onData(stream, session, callback) {
      let text = "";
      stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      stream.on("end", () => {
        accepted += 1;
        const code = text.match(/^Subject: (\d{6}) /m)?.[1];
        const reminder = /^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im.test(text);
        for (const rcpt of session.envelope.rcptTo) {
          const to = rcpt.address.toLowerCase();
          if (code) codes.set(to, [...(codes.get(to) ?? []), code]);
          if (reminder) reminders.set(to, (reminders.get(to) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  keepServingWhenSendersDrop(server);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    codesFor: (email: string) => codes.get(email.toLowerCase()) ?? [],
    accepted: () => accepted,
    /** Streak reminders accepted for `email` (messages with RFC 8058's `List-Unsubscribe-Post`). */
    remindersFor: (email: string) => reminders.get(email.toLowerCase()) ?? 0,
    refuse(on: boolean) {
      refusing = on;
    },
    /** Holds every recipient from now on (`true`), or answers the held ones and stops holding (`false`). */
    hold(on: boolean) {
      holding = on;
      if (!on) {
        const waiting = parked;
        parked = [];
        for (const { answer } of waiting) answer();
      }
    },
    /** The recipients held now, unanswered. */
    held: () => parked.map(({ to }) => to),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

export interface AppProcess {
  name: string;
  url: string;
  pid: number;
  output(): string;
  /**
   * How often its indexer said it took the lead, and whether it last said it leads: counted as the
   * output arrives, so a long run's bounded output never loses it.
   */
  leadership(): { taken: number; leading: boolean };
  /** Resident set size in KiB (from /proc). */
  rssKib(): number;
  exited(): boolean;
  /** Whether the suite stopped or killed it (an exit it did not ask for is a crash). */
  killed(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Everything the suite runs against: a scratch database on the local PostgreSQL, the local chain
 * with the contracts, Redis and an SMTP peer, each behind a relay the suite controls.
 */
export async function startEnvironment() {
  const workDir = mkdtempSync(path.join(tmpdir(), "arcana-reliability-"));
  const scratch = await createScratchDatabase(POSTGRES_URL, "arcana_reliability");
  const databaseUrl = new URL(scratch.url);
  const sql = postgres(scratch.url, { max: 10, onnotice: () => {} });
  const chain = await startLocalChain(workDir);
  const chainUrl = new URL(chain.url);
  const smtp = await startSmtpPeer();
  const relays = {
    database: await startRelay(Number(databaseUrl.port || 5432)),
    rpc: await startRelay(Number(chainUrl.port)),
    redis: await startRelay(REDIS_PORT),
    smtp: await startRelay(smtp.port),
  } satisfies Record<string, Relay>;
  const economyFile = path.join(workDir, "economy.json");
  writeFileSync(economyFile, JSON.stringify(suiteEconomy));
  const deployment = JSON.parse(readFileSync(path.join(workDir, "31337.json"), "utf8")) as {
    contracts: { GenesisPass: { address: `0x${string}` }; Daily: { address: `0x${string}` } };
  };
  const chainClient = createTestClient({ chain: hardhat, mode: "hardhat", transport: http(chain.url) }).extend(
    publicActions,
  );
  // Redis is shared with other runs on this machine: a database number and key space of our own.
  const redisDb = 9;
  const relayedDatabaseUrl = new URL(scratch.url);
  relayedDatabaseUrl.port = String(relays.database.port);
  relayedDatabaseUrl.hostname = "127.0.0.1";
  const baseEnv: Record<string, string> = {
    NODE_ENV: "development",
    LOG_LEVEL: "info",
    DATABASE_URL: relayedDatabaseUrl.toString(),
    REDIS_URL: `redis://127.0.0.1:${relays.redis.port}/${redisDb}`,
    SMTP_URL: `smtp://127.0.0.1:${relays.smtp.port}`,
    CHAINS: "local",
    LOCAL_RPC_URL: `http://127.0.0.1:${relays.rpc.port}`,
    LOCAL_DEPLOYMENTS_DIR: workDir,
    ECONOMY_FILE: economyFile,
    TRUST_PROXY: "1",
    PUBLIC_URL: "http://arcana.test",
    HOST: "127.0.0.1",
  };
  const apps: AppProcess[] = [];

  async function startApp(name: string, env: Record<string, string> = {}): Promise<AppProcess> {
    const port = await freePort();
    const child: ChildProcess = spawnOwned(process.execPath, serverEntry, {
      cwd: repoRoot,
      env: { ...process.env, ...baseEnv, ...env, PORT: String(port), DATA_DIR: path.join(workDir, `data-${name}`) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const leadership = { taken: 0, leading: false };
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      const took = text.lastIndexOf("indexer: leading");
      const lost = text.lastIndexOf("indexer: lost leadership");
      if (took >= 0) leadership.taken += text.split("indexer: leading").length - 1;
      if (took >= 0 || lost >= 0) leadership.leading = took > lost;
      output += text;
      // Bounded: a long run logs a lot, the suite only needs the recent part.
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(
      url,
      () => child.exitCode !== null,
      () => output,
      120_000,
    );
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    let killed = false;
    const app: AppProcess = {
      name,
      url,
      pid: child.pid ?? 0,
      output: () => output,
      leadership: () => ({ ...leadership }),
      rssKib() {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN);
      },
      exited,
      killed: () => killed,
      async kill(signal) {
        if (exited()) return;
        killed = true;
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill(signal);
        await gone;
      },
      stop: () => app.kill("SIGTERM"),
    };
    apps.push(app);
    return app;
  }

  return {
    workDir,
    databaseUrl: scratch.url,
    /** Straight to the scratch database, past the relay: the suite's own view of the data. */
    sql,
    relays,
    smtp,
    chain: { url: chain.url, client: chainClient, contracts: deployment.contracts },
    startApp,
    apps: () => [...apps],
    /** Every member's requests come from their own address (TRUST_PROXY=1), so per-IP limits stay apart. */
    newIp: (() => {
      const base = randomBytes(2);
      let next = 0;
      return () => {
        next += 1;
        return `10.${base[0]}.${(next >> 8) & 255}.${next & 255}`;
      };
    })(),
    async stop() {
      for (const app of apps) await app.stop().catch(() => {});
      for (const relay of Object.values(relays)) await relay.close();
      await smtp.close();
      await chain.stop();
      await sql.end({ timeout: 5 });
      await scratch.drop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

export type Environment = Awaited<ReturnType<typeof startEnvironment>>;
