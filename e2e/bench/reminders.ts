// Streak reminders at scale (issue 44): BENCH_REMINDERS (100,000) opted-in members at risk on PostgreSQL.
// - Planning (who is due, one job each) is timed in this process for all of them, and a second plan must add none.
// - Sending: two servers (`server/src/main.ts`, as an operator runs it, reminders on, SMTP_URL a local peer) send
//   every job from their schedulers; when a third has reached the peer one server is SIGKILLed and started again at
//   once (a supervisor's restart). The jobs it held stay leased for 10 minutes; once the rest is sent the bench ends
//   those leases by hand (standing in for the 10 minutes) and starts a third server, whose first pass sends them. The peer counts each
//   member's messages and their Message-IDs: a copy handed over again after the kill carries the same Message-ID
//   (the same message to a mailbox that deduplicates), told apart from a second reminder (a new Message-ID).
// - The ceiling, in the same run: as many messages handed to the same peer by the same mailer alone (no database).
// - The daily check-in path with reminders off, on and idle, and on while both servers send: `GET
//   /blockchain/check_in` under load, and a check-in credited (the credit rule in one transaction, as a confirmed
//   relay credits it) for members outside the reminder set.
import { gmtDayNumber } from "@arcana/protocol";
import pino from "pino";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../../server/src/db/client.js";
import { loadEconomy } from "../../server/src/economy.js";
import { createSmtpMailer } from "../../server/src/mail/mailer.js";
import { relayedCheckInCredits } from "../../server/src/modules/daily/api.js";
import { createReminderSender, createUnsubscribeTokens } from "../../server/src/modules/reminders/api.js";
import { setBoundWallet } from "../../server/src/modules/users/service.js";
import { createScratchDatabase } from "../../server/src/test/database.js";
import { freePort, startServer } from "../src/server.js";
import { keepServingWhenSendersDrop } from "../src/smtp-peer.js";
import { benchSession, economyFile, type Load, load, loadText, notes, table } from "./common.js";

const MEMBERS = Number(process.env.BENCH_REMINDERS ?? 100_000);
/** The floor: 100,000 reminders within 10 minutes. */
const TARGET_PER_SECOND = 170;
/** Per server; the shipped default is 50 (an SMTP provider's limit), the bench measures what the servers can do. */
const RATE_PER_SECOND = 1_000;
/** Members outside the reminder set whose check-ins are credited to time the credit path. */
const CHECK_INS = Number(process.env.BENCH_REMINDER_CHECK_INS ?? 200);
const CHECK_IN_SECONDS = Number(process.env.BENCH_REMINDER_CHECK_IN_SECONDS ?? 5);
/** Messages the ceiling (the mailer alone) hands over: enough for a steady rate. */
const CEILING_SENDS = Math.min(MEMBERS, 10_000);

async function smtpPeer() {
  /** Per recipient: the Message-ID of each message handed over. */
  const received = new Map<string, string[]>();
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4_096) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "";
        for (const rcpt of session.envelope.rcptTo) {
          const to = rcpt.address.toLowerCase();
          received.set(to, [...(received.get(to) ?? []), messageId]);
          messages += 1;
        }
        callback();
      });
    },
  });
  // The bench SIGKILLs a server while it sends: its open connection to this peer is reset.
  keepServingWhenSendersDrop(server);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    messages: () => messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`reminders bench: ${what} not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const checkerWallet = (i: number) => `0x${"c".repeat(8)}${i.toString(16).padStart(32, "0")}`;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export async function benchReminders(databaseUrl: string) {
  const scratch = await createScratchDatabase(databaseUrl, "arcana_bench");
  const database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 10 });
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  const peer = await smtpPeer();
  const files = economyFile((economy) => {
    economy.reminders = { enabled: true, sendHourGmt: 0, minStreak: 1, ratePerSecond: RATE_PER_SECOND };
  });
  const off = economyFile((economy) => {
    economy.reminders = { enabled: false, sendHourGmt: 0, minStreak: 1, ratePerSecond: RATE_PER_SECOND };
  });
  const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
  const startSender = async (economy: string) => {
    const server = await startServer({
      DATABASE_URL: scratch.url,
      INDEXER: "off",
      CHAINS: "opBNB",
      ECONOMY_FILE: economy,
      SMTP_URL: peer.url,
      MAIL_FROM: "Arcana <reminders@bench.test>",
      PUBLIC_URL: "https://arcana.example",
    });
    servers.push(server);
    return server;
  };
  try {
    await database.migrate();
    const day = gmtDayNumber(new Date());
    await sql`insert into users (email, language)
      select 'reminded-' || i || '@bench.test', (array['en','zh','ko','ja','vi','tr'])[1 + i % 6]
      from generate_series(1, ${MEMBERS}::int) i`;
    await sql`insert into check_ins (user_id, day, wallet, chain_id, tx_hash, log_index, points, streak)
      select id, ${day - 1}::int, '0x' || repeat('ab', 20), 31337, '0x' || md5(id::text) || md5(email), 0, 10, 1 + (hashtext(email) & 15)
      from users`;
    await sql`insert into reminder_choices (user_id, enabled, chosen_at) select id, true, now() from users`;
    // The check-in path's members: no reminders, a wallet each, one with a session for the reads.
    const checkers = await sql<{ id: string }[]>`insert into users (email, language)
      select 'checker-' || i || '@bench.test', 'en' from generate_series(1, ${3 * CHECK_INS}::int) i returning id`;
    for (const [i, { id }] of checkers.entries()) {
      await setBoundWallet(database.db, id, "evm", checkerWallet(i), new Date(0));
    }
    const reader = { authorization: `Bearer ${await benchSession(database.db, checkers[0]?.id as string)}` };
    await sql`analyze`;

    const economy = loadEconomy();
    const credit = relayedCheckInCredits({
      db: database.db,
      economy,
      logger: pino({ level: "silent" }),
      now: () => new Date(),
    });
    let credited = 0;
    /** CHECK_INS check-ins credited one after another, each in its own transaction: the milliseconds of each. */
    const creditCheckIns = async () => {
      const times: number[] = [];
      for (let i = 0; i < CHECK_INS; i++) {
        const n = credited++;
        const started = performance.now();
        const [ok] = await database.db.transaction((tx) =>
          credit(tx, [
            {
              chainId: 204,
              txHash: `0x${n.toString(16).padStart(64, "e")}`,
              logIndex: 0,
              blockHash: `0x${n.toString(16).padStart(64, "f")}`,
              blockNumber: 1_000 + n,
              wallet: checkerWallet(n),
              day,
              blockTime: new Date(),
            },
          ]),
        );
        if (!ok) throw new Error(`reminders bench: check-in ${n} was not credited`);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b);
    };
    const checkInPath = async (url: string) => ({
      read: await load(`${url}/api/blockchain/check_in`, { headers: reader, duration: CHECK_IN_SECONDS }),
      credit: await creditCheckIns(),
    });
    const pathText = (path: { read: Load; credit: number[] }) =>
      `GET ${loadText(path.read)}; credited p50 ${quantile(path.credit, 0.5).toFixed(1)} ms, p99 ${quantile(path.credit, 0.99).toFixed(1)} ms`;

    // The check-in path with reminders off site-wide.
    const offServer = await startSender(off.file);
    const pathOff = await checkInPath(offServer.url);
    await offServer.stop();

    const sender = () =>
      createReminderSender({
        db: database.db,
        mailer: createSmtpMailer(peer.url, "Arcana <reminders@bench.test>"),
        settings: { ...economy.reminders, enabled: true, sendHourGmt: 0, ratePerSecond: RATE_PER_SECOND },
        checkIn: economy.checkIn,
        now: () => new Date(),
        publicUrl: "https://arcana.example",
        brand: { siteName: "Arcana", footer: null },
        tokens: createUnsubscribeTokens("bench session secret, long enough to be one"),
        logger: pino({ level: "silent" }),
      });
    let started = performance.now();
    const queued = await sender().plan();
    const planMs = performance.now() - started;
    started = performance.now();
    const replanned = await sender().plan();
    const replanMs = performance.now() - started;
    table.push({
      figure: `reminders: planning for ${MEMBERS.toLocaleString("en")} opted-in members at risk (PostgreSQL)`,
      measured: `${(planMs / 1000).toFixed(2)} s (${queued.toLocaleString("en")} queued; a second plan ${(replanMs / 1000).toFixed(2)} s, ${replanned} new)`,
      ceiling: "—",
      target: "< 5 s",
      met: planMs < 5_000 && queued === MEMBERS && replanned === 0,
    });

    const jobs = async () => {
      const rows = await sql<{ status: string; n: number }[]>`
        select status, count(*)::int as n from reminder_jobs where day = ${day} group by status`;
      return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>;
    };
    // Two servers send from their schedulers' first pass; one is SIGKILLed a third of the way and restarted.
    started = performance.now();
    const killed = await startSender(files.file);
    const survivor = await startSender(files.file);
    await until("a third sent", async () => peer.messages() >= MEMBERS / 3, 600_000);
    await killed.kill("SIGKILL");
    const killedAt = peer.messages();
    const restarted = await startSender(files.file);
    // The check-in path while the two servers send.
    const pathSending = await checkInPath(survivor.url);
    const sendingWhileMeasured = peer.messages() - killedAt;
    let leased = 0;
    await until(
      "all but the killed server's leases sent",
      async () => {
        const before = await jobs();
        if ((before.queued ?? 0) > 0) return false;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const after = await jobs();
        leased = after.sending ?? 0;
        return (after.queued ?? 0) === 0 && after.sending === before.sending;
      },
      900_000,
    );
    const restMs = performance.now() - started;
    const restHanded = peer.messages();
    await sql`update reminder_jobs set lease_until = now() - interval '1 second' where day = ${day} and status = 'sending'`;
    // The next pass claims them: a server started now makes its first pass at once (the two running make theirs
    // within their minute, whichever comes first).
    await startSender(files.file);
    await until(
      "the killed server's leases sent",
      async () => {
        const now = await jobs();
        return (now.queued ?? 0) + (now.sending ?? 0) === 0;
      },
      180_000,
    );
    const allMs = performance.now() - started;
    // Reminders on, nothing left to send: the check-in path beside idle schedulers.
    const pathIdle = await checkInPath(restarted.url);

    let missed = 0;
    let copies = 0;
    let doubled = 0;
    for (let i = 1; i <= MEMBERS; i++) {
      const ids = peer.received.get(`reminded-${i}@bench.test`) ?? [];
      if (ids.length === 0) missed += 1;
      copies += ids.length - new Set(ids).size;
      doubled += Math.max(0, new Set(ids).size - 1);
    }
    const final = await jobs();
    const perSecond = MEMBERS / (allMs / 1000);

    // The ceiling: the mailer alone to the same peer, 100 at a time (two servers' batches of 50).
    const handedBefore = peer.messages();
    const mailer = createSmtpMailer(peer.url, "Arcana <reminders@bench.test>");
    started = performance.now();
    for (let done = 0; done < CEILING_SENDS; done += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, CEILING_SENDS - done) }, (_, i) =>
          mailer.send({
            to: `ceiling-${done + i}@bench.test`,
            subject: "Your streak",
            text: "x".repeat(1_500),
            html: `<p>${"x".repeat(3_000)}</p>`,
          }),
        ),
      );
    }
    const ceilingPerSecond = (peer.messages() - handedBefore) / ((performance.now() - started) / 1000);
    table.push({
      figure: `reminders: ${MEMBERS.toLocaleString("en")} due at once, 2 servers (one SIGKILLed a third of the way and restarted), to a local SMTP peer`,
      measured: `${perSecond.toFixed(0)}/s: all in ${(allMs / 1000).toFixed(0)} s (${(restMs / 1000).toFixed(0)} s for all but the ${leased} the killed server held, then their lease ended by hand); ${missed} missed, ${doubled} doubled, ${copies} handed over twice with the same Message-ID`,
      ceiling: `${ceilingPerSecond.toFixed(0)}/s (the mailer alone)`,
      target: `≤ 10 min (≥ ${TARGET_PER_SECOND}/s), 0 doubled, 0 missed`,
      met: allMs <= 600_000 && missed === 0 && doubled === 0 && final.sent === MEMBERS,
    });
    table.push({
      figure: "the daily check-in path with reminders (GET /blockchain/check_in; a credited check-in)",
      measured: `off: ${pathText(pathOff)}; on, idle: ${pathText(pathIdle)}`,
      ceiling: `while 2 servers send: ${pathText(pathSending)}`,
      target: "not slower with reminders on",
      met: pathIdle.read.p99 <= Math.max(pathOff.read.p99 * 1.2, pathOff.read.p99 + 2),
    });
    notes.push(
      `reminders: planning ${MEMBERS} members ${planMs.toFixed(0)} ms; ratePerSecond ${RATE_PER_SECOND} per server (batches of 50); the kill at ${killedAt} handed, ${restHanded} handed before the held leases ended (${sendingWhileMeasured} during the check-in measurement); jobs at the end: ${JSON.stringify(final)}`,
    );
  } finally {
    for (const server of servers) await server.stop().catch(() => {});
    await sql.end({ timeout: 5 });
    await database.close();
    await peer.close();
    files.remove();
    off.remove();
    await scratch.drop();
  }
}
