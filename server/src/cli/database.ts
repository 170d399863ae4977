import type { Command } from "commander";
import { sharedDatabaseUrl } from "./connect.js";
import type { CliContext } from "./context.js";

/** `db url`: where psql finds the database (DATABASE_URL, or the running server's embedded one). */
export function registerDatabaseCommands(program: Command, context: CliContext) {
  const db = program.command("db").description("the database itself");

  db.command("url")
    .description('the PostgreSQL URL of the database: psql "$(npm run admin -- db url)"')
    .action(() => {
      context.print(sharedDatabaseUrl(context.config));
    });
}
