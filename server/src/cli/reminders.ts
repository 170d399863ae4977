import { DAY_MS, gmtDate } from "@arcana/protocol";
import type { Command } from "commander";
import pino from "pino";
import { createDevMailbox, createSmtpMailer } from "../mail/mailer.js";
import { createReminderSender, createUnsubscribeTokens } from "../modules/reminders/api.js";
import { type CliContext, positiveWholeNumber } from "./context.js";

/** `reminders run` and `reminders status`: streak reminders' queue, for operators testing their SMTP and for tests. */
export function registerReminderCommands(program: Command, context: CliContext) {
  const reminders = program.command("reminders").description("streak reminders: the e-mail before a streak ends");

  const senderFor = async () => {
    const db = await context.database();
    const { config, economy } = context;
    const logger = pino({ level: "warn" }, pino.destination(2));
    const now = () => new Date();
    return createReminderSender({
      db,
      mailer: config.mail.smtpUrl
        ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
        : createDevMailbox(db, logger, now, config.isProduction),
      settings: economy.reminders,
      checkIn: economy.checkIn,
      now,
      publicUrl: config.publicUrl,
      brand: { siteName: config.branding.siteName, footer: config.branding.email.footer },
      tokens: createUnsubscribeTokens(config.sessionSecret, config.previousSessionSecret),
      unsubscribeMailto: economy.reminders.unsubscribeMailto ?? null,
      logger,
    });
  };

  reminders
    .command("run")
    .description(
      "plan and send the reminders due now (each member gets at most one per GMT day, whoever sends it: servers or this command)",
    )
    .option("--now", "ignore the send hours: everyone due today gets theirs now")
    .option("--min-streak <days>", "another shortest streak for this run than the economy file's", positiveWholeNumber)
    .action(async (options: { now?: boolean; minStreak?: number }) => {
      if (!context.economy.reminders.enabled) {
        throw new Error(
          `Streak reminders are off in ${context.config.economyFile} (reminders.enabled): nothing is sent.`,
        );
      }
      const sender = await senderFor();
      const result = await sender.run({ ignoreHour: options.now ?? false, minStreak: options.minStreak });
      context.print(
        `Queued ${result.queued}; sent ${result.sent}, skipped ${result.skipped}, retrying later ${result.retrying}, failed ${result.failed}, undeliverable ${result.undeliverable}.`,
      );
    });

  reminders
    .command("status")
    .description("today's reminders (GMT): due, sent, skipped, failed, undeliverable; members opted in")
    .action(async () => {
      const status = await context.read(async (db) => {
        const { config, economy } = context;
        return createReminderSender({
          db,
          mailer: { isDevMailbox: true, send: async () => {} },
          settings: economy.reminders,
          checkIn: economy.checkIn,
          now: () => new Date(),
          publicUrl: config.publicUrl,
          brand: { siteName: config.branding.siteName, footer: null },
          tokens: createUnsubscribeTokens(config.sessionSecret),
          logger: pino({ level: "silent" }),
        }).status();
      });
      context.print(
        [
          `Streak reminders ${context.economy.reminders.enabled ? "on" : "off"} (economy file reminders.enabled); ${gmtDate(status.day * DAY_MS)} GMT:`,
          `  due            ${status.due}`,
          `  sent           ${status.sent}`,
          `  skipped        ${status.skipped}`,
          `  failed         ${status.failed}`,
          `  undeliverable  ${status.undeliverable}`,
          `  turned off     ${status.turnedOff} (members who turned reminders off today, by link or in their account)`,
          `Members opted in: ${status.optedIn} (of them with an undeliverable address: ${status.undeliverableAddresses}).`,
        ].join("\n"),
      );
    });
}
