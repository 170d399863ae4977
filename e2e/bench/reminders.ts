// Streak reminders at scale (issue 44): BENCH_REMINDERS (100,000) opted-in members at risk on PostgreSQL. Planning
// (who is due, one job each) is timed for all of them; sending is timed for BENCH_REMINDER_SENDS (5,000) of the queued
// jobs (the rest stay queued, later, so every claim runs against the full queue) by two senders at once (two servers'
// worth, one database), each reminder handed to a local SMTP peer and counted there. The ceiling, measured in the same
// run: the same number of messages handed to the same peer by the same mailer alone (no database, no queue).
import { gmtDayNumber } from "@arcana/protocol";
import pino from "pino";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../../server/src/db/client.js";
import { loadEconomy } from "../../server/src/economy.js";
import { createSmtpMailer } from "../../server/src/mail/mailer.js";
import { createReminderSender, createUnsubscribeTokens } from "../../server/src/modules/reminders/api.js";
import { createScratchDatabase } from "../../server/src/test/database.js";
import { freePort } from "../src/server.js";
import { notes, table } from "./common.js";

const MEMBERS = Number(process.env.BENCH_REMINDERS ?? 100_000);
const SENDS = Math.min(MEMBERS, Number(process.env.BENCH_REMINDER_SENDS ?? 5_000));
/** The floor: 100,000 reminders within 10 minutes. */
const TARGET_PER_SECOND = 170;

async function smtpPeer() {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) {
          const to = rcpt.address.toLowerCase();
          received.set(to, (received.get(to) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function benchReminders(databaseUrl: string) {
  const scratch = await createScratchDatabase(databaseUrl, "arcana_bench");
  const database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 20 });
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  const peer = await smtpPeer();
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
    await sql`analyze`;

    const economy = loadEconomy();
    const settings = { ...economy.reminders, enabled: true, sendHourGmt: 0, ratePerSecond: 1_000 };
    const sender = () =>
      createReminderSender({
        db: database.db,
        mailer: createSmtpMailer(peer.url, "Arcana <reminders@bench.test>"),
        settings,
        checkIn: economy.checkIn,
        now: () => new Date(),
        publicUrl: "https://arcana.example",
        brand: { siteName: "Arcana", footer: null },
        tokens: createUnsubscribeTokens("bench session secret, long enough to be one"),
        logger: pino({ level: "silent" }),
      });
    const [first, second] = [sender(), sender()];

    let started = performance.now();
    const queued = await first.plan();
    const planMs = performance.now() - started;
    started = performance.now();
    const replanned = await second.plan();
    const replanMs = performance.now() - started;
    table.push({
      figure: `reminders: planning for ${MEMBERS.toLocaleString("en")} opted-in members at risk (PostgreSQL)`,
      measured: `${(planMs / 1000).toFixed(2)} s (${queued.toLocaleString("en")} queued; a second plan ${(replanMs / 1000).toFixed(2)} s, ${replanned} new)`,
      ceiling: "—",
      target: "< 5 s",
      met: planMs < 5_000 && queued === MEMBERS && replanned === 0,
    });

    // All but SENDS jobs wait an hour: they stay in the queue (and its index) while the senders claim.
    await sql`update reminder_jobs set next_attempt_at = now() + interval '1 hour'
      where user_id not in (select user_id from reminder_jobs order by user_id limit ${SENDS})`;
    started = performance.now();
    const results = await Promise.all([first.sendDue(), second.sendDue()]);
    const sendMs = performance.now() - started;
    const sent = results.reduce((sum, result) => sum + result.sent, 0);
    const handed = [...peer.received.values()].reduce((sum, n) => sum + n, 0);
    const doubled = [...peer.received.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const perSecond = sent / (sendMs / 1000);

    // The ceiling: the mailer alone to the same peer, as many messages, 2 × 50 at a time like the two senders.
    peer.received.clear();
    const mailer = createSmtpMailer(peer.url, "Arcana <reminders@bench.test>");
    started = performance.now();
    for (let done = 0; done < SENDS; done += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, SENDS - done) }, (_, i) =>
          mailer.send({
            to: `ceiling-${done + i}@bench.test`,
            subject: "Your streak",
            text: "x".repeat(1_500),
            html: `<p>${"x".repeat(3_000)}</p>`,
          }),
        ),
      );
    }
    const ceilingPerSecond = SENDS / ((performance.now() - started) / 1000);
    table.push({
      figure: `reminders: sending ${SENDS.toLocaleString("en")} of the ${MEMBERS.toLocaleString("en")} queued, 2 senders, to a local SMTP peer`,
      measured: `${perSecond.toFixed(0)}/s (${sent} sent, ${handed} at the peer, ${doubled} doubled, ${SENDS - handed} missed; ${MEMBERS.toLocaleString("en")} would take ${(MEMBERS / perSecond / 60).toFixed(1)} min)`,
      ceiling: `${ceilingPerSecond.toFixed(0)}/s (the mailer alone)`,
      target: `≥ ${TARGET_PER_SECOND}/s, 0 doubled, 0 missed`,
      met: perSecond >= TARGET_PER_SECOND && doubled === 0 && handed === SENDS && sent === SENDS,
    });
    notes.push(
      `reminders: planning ${MEMBERS} members ${planMs.toFixed(0)} ms; sending ${SENDS} in ${(sendMs / 1000).toFixed(1)} s with ratePerSecond 1000 (batches of 50 per sender)`,
    );
  } finally {
    await sql.end({ timeout: 5 });
    await database.close();
    await peer.close();
    await scratch.drop();
  }
}
