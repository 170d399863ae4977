import type { Logger } from "pino";
import { backgroundLoop } from "../../shared/background-loop.js";
import type { ReminderSender } from "./sending.js";

const PASS_INTERVAL_MS = 60 * 1000;

/**
 * Plans and sends due streak reminders once a minute, in every server process: no leader is needed, since
 * planning twice queues nothing new (one job per member and day) and jobs are claimed with `SKIP LOCKED`.
 * A member's hour (or the operator's `sendHourGmt`) makes their reminder due from that hour on.
 */
export function startReminders(options: { sender: ReminderSender; logger: Logger; intervalMs?: number }) {
  const log = options.logger.child({ component: "reminders" });
  const intervalMs = options.intervalMs ?? PASS_INTERVAL_MS;
  return backgroundLoop(async ({ running, sleep }) => {
    while (running()) {
      try {
        const result = await options.sender.run();
        if (result.queued > 0 || result.sent > 0 || result.failed > 0 || result.undeliverable > 0) {
          log.info(result, `reminders: ${result.sent} sent, ${result.skipped} skipped, ${result.failed} failed`);
        }
      } catch (error) {
        // The database is down: due reminders wait for the next pass (they stay due until the day ends).
        log.warn({ err: error }, "reminders: a pass failed; retrying at the next");
      }
      await sleep(intervalMs);
    }
  });
}
