import { randomBytes } from "node:crypto";
import { accessSync, constants, lstatSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
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
      // Where the dump goes is checked first: the server is stopped for an export, and must not be stopped for nothing.
      const target = path.resolve(file);
      checkExportTarget(target);
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
        writeReadableByOwnerOnly(target, dump);
        context.print(
          `Wrote ${target} (${dump.length} bytes). Load it into an empty PostgreSQL 15+ database: psql -v ON_ERROR_STOP=1 -d <url> -f ${target}`,
        );
      } finally {
        await handle.close();
      }
    });
}

/** Refuses a target the dump could not be written to, or one that would send it elsewhere (a symlink). */
function checkExportTarget(target: string) {
  const directory = path.dirname(target);
  let isDirectory = false;
  try {
    isDirectory = statSync(directory).isDirectory();
  } catch {
    // missing: said below
  }
  if (!isDirectory)
    throw new OperationFailed(`${directory} is not a directory: create it first (mkdir -p ${directory}).`);
  try {
    accessSync(directory, constants.W_OK);
  } catch {
    throw new OperationFailed(`${directory} is not writable by this user: choose another place for the dump.`);
  }
  let existing: ReturnType<typeof lstatSync> | null = null;
  try {
    existing = lstatSync(target);
  } catch {
    // a new file
  }
  if (existing?.isSymbolicLink()) {
    throw new OperationFailed(
      `${target} is a symbolic link: name the file itself (the dump is never written through a link).`,
    );
  }
  if (existing && !existing.isFile()) throw new OperationFailed(`${target} exists and is not a file.`);
}

/**
 * The dump in a new file only its owner can read (0600; a umask can only narrow it), renamed over the target: an existing
 * file's wider mode never carries over, and a reader never sees half a dump.
 */
function writeReadableByOwnerOnly(target: string, text: string) {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temporary, text, { mode: 0o600, flag: "wx" });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
