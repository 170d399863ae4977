import { writeFileSync } from "node:fs";
import path from "node:path";
import { gmtDayNumber } from "@arcana/protocol";
import { poll } from "./client.js";
import { type AppProcess, type Environment, suiteEconomy } from "./environment.js";
import type { CheckResult } from "./report.js";

const MEMBERS = 300;
/** Members who check in after their reminder was queued, before it is sent: they get none. */
const LATE_CHECK_INS = 5;
const RATE_PER_SECOND = 20;

/**
 * Streak reminders on two servers and one PostgreSQL (issue 44): 300 opted-in members at risk, both servers'
 * schedulers plan and send (and the suite's first server takes part with the shipped send hour). The SMTP peer holds
 * every recipient unanswered, so each server is stalled mid-batch with its jobs leased; one server is SIGKILLed
 * there, the peer answers again, five members whose jobs were still queued check in. Once the survivors have sent
 * the rest, the killed server's leases are ended by hand (standing in for the 10 minutes they last) and it is
 * restarted: it sends what it held. Every member gets exactly one reminder, the five none.
 */
export async function remindersOnTwoServers(env: Environment): Promise<CheckResult[]> {
  const problems: string[] = [];
  const day = gmtDayNumber(new Date());
  const tag = Date.now();
  // Members at risk: checked in yesterday (a 3-day streak), reminders on, not checked in today.
  const members = await env.sql<{ id: string; email: string }[]>`
    insert into users (email, language)
    select 'reminder-' || ${tag}::text || '-' || i || '@reliability.test', case when i % 2 = 0 then 'ja' else 'en' end
    from generate_series(1, ${MEMBERS}::int) as i
    returning id, email`;
  await env.sql`
    insert into check_ins (user_id, day, wallet, chain_id, tx_hash, log_index, points, streak)
    select id, ${day - 1}::int, '0x' || repeat('ab', 20), 31337, '0x' || md5(id::text || 'reminders') || md5(id::text), 0, 10, 3
    from users where email like ${`reminder-${tag}-%`}`;
  await env.sql`
    insert into reminder_choices (user_id, enabled, chosen_at)
    select id, true, now() from users where email like ${`reminder-${tag}-%`}`;

  const economyFile = path.join(env.workDir, "economy-reminders.json");
  writeFileSync(
    economyFile,
    JSON.stringify({
      ...suiteEconomy,
      reminders: { enabled: true, sendHourGmt: 0, minStreak: 1, ratePerSecond: RATE_PER_SECOND },
    }),
  );
  const jobs = async (status?: string) => {
    const [row] = await env.sql<{ n: number }[]>`
      select count(*)::int as n from reminder_jobs
      where day = ${day} and user_id in (select id from users where email like ${`reminder-${tag}-%`})
        ${status ? env.sql`and status = ${status}` : env.sql``}`;
    return row?.n ?? 0;
  };

  env.smtp.hold(true);
  let killed: AppProcess | null = null;
  let survivor: AppProcess | null = null;
  let heldByKilled = 0;
  let late: string[] = [];
  try {
    // The first server plans and claims a batch at its start (stalled at the peer); then the second claims one.
    killed = await env.startApp("reminders-1", { ECONOMY_FILE: economyFile });
    await poll(
      "the first server stalled mid-batch",
      async () => ((await jobs("sending")) > 0 ? true : undefined),
      20_000,
    );
    survivor = await env.startApp("reminders-2", { ECONOMY_FILE: economyFile });
    await poll(
      "both servers stalled mid-batch",
      async () => ((await jobs("sending")) >= 2 * RATE_PER_SECOND ? true : undefined),
      20_000,
    );
    if ((await jobs()) !== MEMBERS) problems.push(`${await jobs()} jobs planned for ${MEMBERS} members`);
    await killed.kill("SIGKILL");
    // Members whose jobs are still queued (not claimed, so not checked yet) check in now; the last queued, which the
    // servers, claiming in the queue's order, come to last.
    const queued = await env.sql<{ email: string }[]>`
      select users.email from reminder_jobs join users on users.id = reminder_jobs.user_id
      where reminder_jobs.day = ${day} and reminder_jobs.status = 'queued' and users.email like ${`reminder-${tag}-%`}
      order by reminder_jobs.ctid desc limit ${LATE_CHECK_INS}`;
    late = queued.map((row) => row.email);
    await env.sql`
      insert into check_ins (user_id, day, wallet, chain_id, tx_hash, log_index, points, streak)
      select id, ${day}::int, '0x' || repeat('cd', 20), 31337, '0x' || md5(id::text || 'late') || md5(id::text), 0, 10, 4
      from users where email in ${env.sql(late)}`;
    env.smtp.hold(false);

    // The survivors send everything but the killed server's leased jobs.
    await poll(
      "the survivors sent the rest",
      async () => {
        const left = await env.sql<{ status: string; n: number }[]>`
          select status, count(*)::int as n from reminder_jobs
          where day = ${day} and status in ('queued', 'sending')
            and user_id in (select id from users where email like ${`reminder-${tag}-%`})
          group by status`;
        const queued = left.find((row) => row.status === "queued")?.n ?? 0;
        const sending = left.find((row) => row.status === "sending")?.n ?? 0;
        if (queued > 0) return undefined;
        // Still sending: the killed server's leases (they last 10 minutes), once the survivors' own are done.
        heldByKilled = sending;
        return env.smtp.held().length === 0 ? true : undefined;
      },
      60_000,
    );
    // Wait until no survivor is mid-send any more: the sending jobs left are the dead server's.
    await poll(
      "only the killed server's leases left",
      async () => {
        const before = await jobs("sending");
        await new Promise((resolve) => setTimeout(resolve, 500));
        const after = await jobs("sending");
        heldByKilled = after;
        return before === after ? true : undefined;
      },
      30_000,
    );
    if (heldByKilled === 0) problems.push("the killed server held no lease when it was killed: nothing was tested");
    // The lease ends (10 minutes, shortened here), the killed server comes back and sends what it held.
    await env.sql`
      update reminder_jobs set lease_until = now() - interval '1 second'
      where day = ${day} and status = 'sending'
        and user_id in (select id from users where email like ${`reminder-${tag}-%`})`;
    await killed.stop().catch(() => {});
    killed = await env.startApp("reminders-1b", { ECONOMY_FILE: economyFile });
    await poll(
      "every job finished",
      async () => ((await jobs("queued")) + (await jobs("sending")) === 0 ? true : undefined),
      60_000,
    ).catch(() => problems.push("jobs still queued or sending after 60 s"));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    env.smtp.hold(false);
  }

  const lateSet = new Set(late);
  let missed = 0;
  let doubled = 0;
  let sentToLate = 0;
  for (const { email } of members) {
    const count = env.smtp.remindersFor(email);
    if (lateSet.has(email)) sentToLate += count;
    else if (count === 0) missed += 1;
    else if (count > 1) doubled += count - 1;
  }
  if (missed) problems.push(`${missed} members got no reminder`);
  if (doubled) problems.push(`${doubled} reminders sent twice`);
  if (sentToLate) problems.push(`${sentToLate} reminders to members who checked in after they were queued`);
  if (late.length !== LATE_CHECK_INS) problems.push(`only ${late.length} members could check in late`);
  const [skipped] = await env.sql<{ n: number }[]>`
    select count(*)::int as n from reminder_jobs
    where day = ${day} and status = 'skipped' and reason = 'checked_in'
      and user_id in (select id from users where email like ${`reminder-${tag}-%`})`;
  if ((skipped?.n ?? 0) !== late.length)
    problems.push(`${skipped?.n ?? 0} jobs skipped as checked in, not ${late.length}`);
  for (const app of [killed, survivor]) await app?.stop().catch(() => {});
  return [
    {
      check: "reminders: 2 servers, one SIGKILLed mid-send",
      attempts: MEMBERS,
      failures: problems.length,
      figure: `${MEMBERS - LATE_CHECK_INS} due, ${missed} missed, ${doubled} doubled, ${sentToLate} to the ${late.length} who checked in late; ${heldByKilled} leased by the killed server, sent after its restart`,
      details: problems,
    },
  ];
}
