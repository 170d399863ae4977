import { DAY_MS, gmtDayNumber, isLanguage } from "@arcana/protocol";
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import type { Economy, ReminderSettingsConfig } from "../../economy.js";
import { type Mailer, MailUndeliverableError } from "../../mail/mailer.js";
import { type MailBrand, streakReminderMail } from "../../mail/templates.js";
import { checkedInOn, nextCheckInPoints, streaksAtRisk } from "../daily/api.js";
import { type MemberRow, membersByIds } from "../users/api.js";
import type { ReminderCounters } from "./metrics.js";
import { reminderChoices, reminderJobs } from "./schema.js";
import type { UnsubscribeTokens } from "./unsubscribe-token.js";

/** A claimed job is another server's until its lease ends (longer than any SMTP timeout); then it is claimed again. */
const LEASE_MS = 10 * 60 * 1000;
/** Temporary failures are retried this many times in all, backing off 1, 2, 4, 8 minutes. */
const MAX_ATTEMPTS = 5;
const INSERT_CHUNK = 10_000;

export interface ReminderSenderDeps {
  db: Database;
  mailer: Mailer;
  settings: ReminderSettingsConfig;
  checkIn: Economy["checkIn"];
  now: () => Date;
  /** The site's public address: the check-in link and the unsubscribe link start with it. */
  publicUrl: string;
  brand: MailBrand;
  tokens: UnsubscribeTokens;
  /** `mailto:` address of `List-Unsubscribe` besides the HTTPS link, when the operator has one. */
  unsubscribeMailto?: string | null;
  logger: Logger;
  counters?: ReminderCounters;
}

export interface PlanOptions {
  /** Ignore the send hours: plan everyone due today (`reminders run --now`). */
  ignoreHour?: boolean;
  /** Another minimum streak for this run (`--min-streak`). */
  minStreak?: number;
}

export interface SendSummary {
  sent: number;
  skipped: number;
  retrying: number;
  failed: number;
  undeliverable: number;
}

export type ReminderSender = ReturnType<typeof createReminderSender>;

interface ClaimedJob {
  user_id: string;
  day: number;
  streak: number;
  attempts: number;
}

interface BatchContext {
  choices: Map<string, { enabled: boolean; undeliverableAt: Date | null }>;
  checkedIn: Set<string>;
  members: Map<string, MemberRow>;
}

/** The member's unsubscribe page: the link in the e-mail and in `List-Unsubscribe`. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * One reminder's `Message-ID`, the same each time it is handed over: a server killed after the mail server accepted
 * it but before the job was recorded as sent sends it again when the lease ends, and the two copies are one message.
 */
export function reminderMessageId(publicUrl: string, userId: string, day: number): string {
  return `<reminder.${day}.${userId}@${new URL(publicUrl).hostname}>`;
}

/** The one-click address of RFC 8058 (`POST`, no session): the API's unsubscribe call. */
export function oneClickUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Streak reminders, planned and sent through the `reminder_jobs` queue (decision 0042): planning queues one
 * job per member and GMT day (the primary key makes a second plan a no-op), sending claims jobs with
 * `FOR UPDATE SKIP LOCKED` and a lease, so any number of servers and `reminders run` send each once.
 */
export function createReminderSender(deps: ReminderSenderDeps) {
  const { db, mailer, settings, now, logger } = deps;
  const log = logger.child({ component: "reminders" });

  /** Queues today's reminders that are due now; answers how many were new. */
  async function plan(options: PlanOptions = {}): Promise<number> {
    if (!settings.enabled) return 0;
    const at = now();
    const day = gmtDayNumber(at);
    const hour = at.getUTCHours();
    const atRisk = await streaksAtRisk(db, day, options.minStreak ?? settings.minStreak);
    if (atRisk.length === 0) return 0;
    const choices = await db
      .select({ userId: reminderChoices.userId, sendHour: reminderChoices.sendHour })
      .from(reminderChoices)
      .where(and(eq(reminderChoices.enabled, true), isNull(reminderChoices.undeliverableAt)));
    const hours = new Map(choices.map((choice) => [choice.userId, choice.sendHour ?? settings.sendHourGmt]));
    // Members already queued today are left out before writing: a pass every minute re-plans the same day.
    const already = new Set(
      (await db.select({ userId: reminderJobs.userId }).from(reminderJobs).where(eq(reminderJobs.day, day))).map(
        (job) => job.userId,
      ),
    );
    const due = atRisk.filter((member) => {
      const sendHour = hours.get(member.userId);
      return !already.has(member.userId) && sendHour !== undefined && (options.ignoreHour || sendHour <= hour);
    });
    let queued = 0;
    // One statement per chunk of 10,000: each chunk's ids and streaks travel as two array literals, not 6 parameters
    // a row (100,000 members: about 1 s instead of 10). The primary key still makes a job that another pass wrote in
    // the meantime a no-op.
    for (let start = 0; start < due.length; start += INSERT_CHUNK) {
      const chunk = due.slice(start, start + INSERT_CHUNK);
      const ids = `{${chunk.map((member) => member.userId).join(",")}}`;
      const streaks = `{${chunk.map((member) => member.streak).join(",")}}`;
      const inserted = await queryRows<{ user_id: string }>(
        db,
        sql`insert into ${reminderJobs} (user_id, day, status, streak, next_attempt_at, created_at)
            select job.user_id, ${day}::int, 'queued', job.streak, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
            from unnest(${ids}::uuid[], ${streaks}::int[]) as job(user_id, streak)
            on conflict do nothing
            returning user_id`,
      );
      queued += inserted.length;
    }
    return queued;
  }

  /** Claims up to `limit` of today's due jobs for this server: a job another server holds is skipped, not waited for. */
  async function claim(day: number, limit: number) {
    const at = now();
    const leaseUntil = new Date(at.getTime() + LEASE_MS);
    return queryRows<ClaimedJob>(
      db,
      sql`update ${reminderJobs} as job
          set status = 'sending', attempts = job.attempts + 1, lease_until = ${leaseUntil.toISOString()}::timestamptz
          from (
            select user_id, day from ${reminderJobs}
            where day = ${day}
              and ((status = 'queued' and next_attempt_at <= ${at.toISOString()}::timestamptz)
                or (status = 'sending' and lease_until < ${at.toISOString()}::timestamptz))
            order by next_attempt_at
            limit ${limit}
            for update skip locked
          ) as claimed
          where job.user_id = claimed.user_id and job.day = claimed.day
          returning job.user_id, job.day, job.streak, job.attempts`,
    );
  }

  /** Ends a claimed job; only while it is still this claim's (`sending`). */
  async function finish(userId: string, day: number, status: string, reason: string | null) {
    await db
      .update(reminderJobs)
      .set({ status, reason, leaseUntil: null, finishedAt: now() })
      .where(and(eq(reminderJobs.userId, userId), eq(reminderJobs.day, day), eq(reminderJobs.status, "sending")));
  }

  async function skip(userId: string, day: number, reason: string, summary: SendSummary) {
    await finish(userId, day, "skipped", reason);
    deps.counters?.skipped.inc({ reason });
    summary.skipped += 1;
  }

  /**
   * What decides each claimed job, read right before the batch is sent, three queries for the whole batch: the
   * member's choice, whether they checked in meanwhile (a check-in after the job was queued cancels it), the member.
   */
  async function batchContext(jobs: ClaimedJob[], day: number): Promise<BatchContext> {
    const ids = jobs.map((job) => job.user_id);
    const [choices, checkedIn, members] = await Promise.all([
      db
        .select({
          userId: reminderChoices.userId,
          enabled: reminderChoices.enabled,
          undeliverableAt: reminderChoices.undeliverableAt,
        })
        .from(reminderChoices)
        .where(inArray(reminderChoices.userId, ids)),
      checkedInOn(db, ids, day),
      membersByIds(db, ids),
    ]);
    return { choices: new Map(choices.map((choice) => [choice.userId, choice])), checkedIn, members };
  }

  /** One claimed job, against its batch's fresh reads. */
  async function sendOne(job: ClaimedJob, context: BatchContext, summary: SendSummary) {
    const userId = job.user_id;
    const choice = context.choices.get(userId);
    if (!settings.enabled || !choice?.enabled) return skip(userId, job.day, "turned_off", summary);
    if (choice.undeliverableAt) return skip(userId, job.day, "undeliverable", summary);
    if (context.checkedIn.has(userId)) return skip(userId, job.day, "checked_in", summary);
    const member = context.members.get(userId);
    if (!member?.isActive) return skip(userId, job.day, "inactive", summary);

    const token = deps.tokens.sign(userId);
    const page = unsubscribeUrl(deps.publicUrl, token);
    const mail = streakReminderMail(
      {
        streak: job.streak,
        points: nextCheckInPoints(deps.checkIn, job.streak),
        restartPoints: nextCheckInPoints(deps.checkIn, 0),
        checkInUrl: `${deps.publicUrl.replace(/\/$/, "")}/`,
        unsubscribeUrl: page,
      },
      isLanguage(member.language) ? member.language : "en",
      deps.brand,
    );
    const listUnsubscribe = [
      `<${oneClickUrl(deps.publicUrl, token)}>`,
      ...(deps.unsubscribeMailto ? [`<mailto:${deps.unsubscribeMailto}?subject=unsubscribe%20${userId}>`] : []),
    ].join(", ");
    try {
      await mailer.send({
        to: member.email,
        ...mail,
        messageId: reminderMessageId(deps.publicUrl, userId, job.day),
        headers: {
          "List-Unsubscribe": listUnsubscribe,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    } catch (error) {
      if (error instanceof MailUndeliverableError) {
        await db.update(reminderChoices).set({ undeliverableAt: now() }).where(eq(reminderChoices.userId, userId));
        await finish(userId, job.day, "undeliverable", error.reply.slice(0, 500));
        deps.counters?.failed.inc({ outcome: "undeliverable" });
        summary.undeliverable += 1;
        log.warn({ userId }, "reminders: the mail server refused the address for good; no more reminders to it");
        return;
      }
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      if (job.attempts >= MAX_ATTEMPTS) {
        await finish(userId, job.day, "failed", reason);
        deps.counters?.failed.inc({ outcome: "given_up" });
        summary.failed += 1;
      } else {
        await db
          .update(reminderJobs)
          .set({
            status: "queued",
            reason,
            leaseUntil: null,
            nextAttemptAt: new Date(now().getTime() + 60_000 * 2 ** (job.attempts - 1)),
          })
          .where(
            and(eq(reminderJobs.userId, userId), eq(reminderJobs.day, job.day), eq(reminderJobs.status, "sending")),
          );
        deps.counters?.failed.inc({ outcome: "retrying" });
        summary.retrying += 1;
      }
      log.warn({ err: error, userId, attempts: job.attempts }, "reminders: sending failed");
      return;
    }
    await finish(userId, job.day, "sent", null);
    deps.counters?.sent.inc();
    summary.sent += 1;
  }

  /**
   * Sends today's due jobs until none is left to claim, at most `settings.ratePerSecond` a second. Jobs of days
   * that are over are skipped: their streak has ended.
   */
  async function sendDue(): Promise<SendSummary> {
    const summary: SendSummary = { sent: 0, skipped: 0, retrying: 0, failed: 0, undeliverable: 0 };
    const day = gmtDayNumber(now());
    const over = await db
      .update(reminderJobs)
      .set({ status: "skipped", reason: "day_over", leaseUntil: null, finishedAt: now() })
      .where(and(lt(reminderJobs.day, day), inArray(reminderJobs.status, ["queued", "sending"])))
      .returning({ userId: reminderJobs.userId });
    if (over.length > 0) deps.counters?.skipped.inc({ reason: "day_over" }, over.length);
    const batchSize = Math.max(1, Math.min(settings.ratePerSecond, 50));
    for (;;) {
      const started = Date.now();
      const jobs = await claim(day, batchSize);
      if (jobs.length === 0) return summary;
      const context = await batchContext(jobs, day);
      await Promise.all(jobs.map((job) => sendOne(job, context, summary)));
      const wait = (jobs.length / settings.ratePerSecond) * 1000 - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  return {
    plan,
    sendDue,
    /** Plans what is due now and sends it (the scheduler's pass and `reminders run`). */
    async run(options: PlanOptions = {}) {
      const queued = await plan(options);
      return { queued, ...(await sendDue()) };
    },

    /** Today's (or `day`'s) queue by state, with the members opted in and the addresses known undeliverable. */
    async status(day = gmtDayNumber(now())) {
      const byStatus = await db
        .select({ status: reminderJobs.status, jobs: count() })
        .from(reminderJobs)
        .where(eq(reminderJobs.day, day))
        .groupBy(reminderJobs.status);
      const jobs = Object.fromEntries(byStatus.map((row) => [row.status, row.jobs]));
      const [optedIn] = await db
        .select({ members: count() })
        .from(reminderChoices)
        .where(eq(reminderChoices.enabled, true));
      const [undeliverable] = await db
        .select({ members: count() })
        .from(reminderChoices)
        .where(and(eq(reminderChoices.enabled, true), isNotNull(reminderChoices.undeliverableAt)));
      const [turnedOff] = await db
        .select({ members: count() })
        .from(reminderChoices)
        .where(
          and(
            eq(reminderChoices.enabled, false),
            gte(reminderChoices.chosenAt, new Date(day * DAY_MS)),
            lt(reminderChoices.chosenAt, new Date((day + 1) * DAY_MS)),
          ),
        );
      return {
        day,
        turnedOff: turnedOff?.members ?? 0,
        due: (jobs.queued ?? 0) + (jobs.sending ?? 0),
        sent: jobs.sent ?? 0,
        skipped: jobs.skipped ?? 0,
        failed: jobs.failed ?? 0,
        undeliverable: jobs.undeliverable ?? 0,
        optedIn: optedIn?.members ?? 0,
        undeliverableAddresses: undeliverable?.members ?? 0,
      };
    },
  };
}
