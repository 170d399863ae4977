import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { openDatabase } from "../db/client.js";
import { DatabaseInUseError } from "../db/embedded-lock.js";
import { checkEmbeddedDatabaseExists, describeDatabase, OperationFailed, sharedDatabaseUrl } from "./connect.js";
import type { CliContext } from "./context.js";

/** `db url|export`: where psql finds the database; a plain SQL dump of the embedded one. */
export function registerDatabaseCommands(program: Command, context: CliContext) {
  const db = program.command("db").description("the database itself");

  db.command("url")
    .description('the PostgreSQL URL of the database: psql "$(npm run admin -- db url)"')
    .action(() => {
      context.print(sharedDatabaseUrl(context.config));
    });

  db.command("export")
    .argument("<file>", "where to write the dump (replaced if it exists; readable by you only)")
    .description(
      "writes the embedded database as a plain SQL dump (rows, sequences, migrations) that psql 15+ loads into an empty PostgreSQL database",
    )
    .action(async (file: string) => {
      const { config } = context;
      if (config.database.url) {
        throw new OperationFailed(
          "DATABASE_URL is set: that database is PostgreSQL; back it up with pg_dump (docs/operating.md, Backups and restore). `db export` is for the embedded database.",
        );
      }
      context.note(describeDatabase(config));
      checkEmbeddedDatabaseExists(config, false);
      let handle: Awaited<ReturnType<typeof openDatabase>>;
      try {
        handle = await openDatabase({ kind: "pglite", dataDir: config.database.dataDir });
      } catch (error) {
        if (!(error instanceof DatabaseInUseError)) throw error;
        throw new OperationFailed(
          `${error.message}\n\`db export\` reads the database's files itself: stop that process, run the export, then start it again.`,
        );
      }
      try {
        const dump = await (handle.dump ?? (() => Promise.reject(new Error("not an embedded database"))))();
        const target = path.resolve(file);
        writeFileSync(target, dump, { mode: 0o600 });
        context.print(
          `Wrote ${target} (${dump.length} bytes). Load it into an empty PostgreSQL 15+ database: psql -v ON_ERROR_STOP=1 -d <url> -f ${target}`,
        );
      } finally {
        await handle.close();
      }
    });
}
