// `npm run db:migrate [-- --status] [-- --create]`: applies the committed migrations, or lists which
// are applied and which pending. It reads the configuration as the server does and names the database first.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describeDatabase, OperationFailed, openOperatorDatabase } from "../cli/connect.js";
import { ConfigError, loadConfig } from "../config.js";
import { reportRefusedEmails } from "../modules/users/reports.js";
import { type DatabaseHandle, migrationsFolder, openDatabase } from "./client.js";
import { DataDirectoryError } from "./data-directory.js";
import { DatabaseInUseError } from "./embedded-lock.js";
import { queryRows } from "./rows.js";

interface JournalEntry {
  tag: string;
  when: number;
}

/** Each committed migration and whether the database has it (drizzle records the newest one's time). */
async function migrationStatus(handle: DatabaseHandle) {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const [exists] = await queryRows<{ present: boolean }>(
    handle.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const [last] = exists?.present
    ? await queryRows<{ at: string | null }>(
        handle.db,
        sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
      )
    : [];
  const appliedUntil = Number(last?.at ?? 0);
  return journal.entries.map((entry) => ({ tag: entry.tag, applied: entry.when <= appliedUntil }));
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const config = loadConfig();
  console.error(describeDatabase(config));
  const create = args.includes("--create");
  if (args.includes("--status")) {
    const handle = await openOperatorDatabase(config, { create: false, migrate: false });
    try {
      const status = await migrationStatus(handle);
      for (const entry of status) console.log(`${entry.applied ? "applied" : "pending"}  ${entry.tag}`);
      const pending = status.filter((entry) => !entry.applied).length;
      console.log(`${status.length - pending} applied, ${pending} pending.`);
      await reportRefusedEmails(handle.db, (line) => console.log(line));
    } finally {
      await handle.close();
    }
    return 0;
  }
  const handle = config.database.url
    ? await openDatabase({ kind: "postgres", url: config.database.url })
    : await openOperatorDatabase(config, { create, migrate: false });
  try {
    await handle.migrate();
    await reportRefusedEmails(handle.db, (line) => console.log(line));
  } finally {
    await handle.close();
  }
  console.log(`Migrations applied (${handle.kind}).`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (
    !(
      error instanceof OperationFailed ||
      error instanceof ConfigError ||
      error instanceof DatabaseInUseError ||
      error instanceof DataDirectoryError
    )
  ) {
    throw error;
  }
  console.error(error.message);
  process.exitCode = 1;
}
