import { userInfo } from "node:os";
import { Command, CommanderError } from "commander";
import { type Config, loadConfig, readEnvironment } from "../config.js";
import type { Database, DatabaseHandle } from "../db/client.js";
import { describeFailure } from "../db/postgres-reason.js";
import { type Economy, EconomyError, loadEconomy } from "../economy.js";
import { version } from "../version.js";
import { registerAllowlistCommands } from "./allowlist.js";
import { registerBoxesCommands } from "./boxes.js";
import { registerChainCommands } from "./chain.js";
import { describeDatabase, openOperatorDatabase } from "./connect.js";
import type { CliContext } from "./context.js";
import { registerDatabaseCommands } from "./database.js";
import { registerKolCommands } from "./kol.js";
import { registerOperatorCommands } from "./operator.js";
import { registerPointsCommands } from "./points.js";
import { registerRelayerCommands } from "./relayer.js";
import { registerReminderCommands } from "./reminders.js";
import { registerWalletCommands } from "./wallets.js";

export interface CliOptions {
  /** The environment the configuration is read from (process.env over `.env` or ENV_FILE, as the server). */
  env?: Record<string, string | undefined>;
  /** Opens the database for the commands that need one (the operator's database by default). */
  openDatabase?: (config: Config, options: { create: boolean; migrate: boolean }) => Promise<DatabaseHandle>;
  out?: (text: string) => void;
  err?: (text: string) => void;
  /** The operating-system user the audit log names for changes (the one running the command by default). */
  osUser?: string;
}

/** Who runs the command, as the audit log says it: the login name, or $USER where there is none. */
function operatingSystemUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.LOGNAME ?? "unknown";
  }
}

/** Exit codes: 0 done, 1 the operation failed, 2 the command line was wrong. */
export const exitCodes = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * Runs `npm run admin -- <argv>` and resolves to its exit code. The database is opened only by a
 * command that needs it (never for `--help` or a usage error), and closed before returning.
 */
export async function runCli(argv: string[], options: CliOptions = {}): Promise<number> {
  const out = options.out ?? ((text: string) => process.stdout.write(text));
  const err = options.err ?? ((text: string) => process.stderr.write(text));
  const opened: { config?: Config; economy?: Economy; database?: DatabaseHandle } = {};
  const open = async (migrate: boolean): Promise<Database> => {
    if (!opened.database) {
      // Which database, first: an operator must never act on one they did not mean.
      err(`${describeDatabase(context.config)}\n`);
      const create = program.opts<{ create?: boolean }>().create ?? false;
      opened.database = await (options.openDatabase ?? openOperatorDatabase)(context.config, { create, migrate });
    }
    return opened.database.db;
  };
  const context: CliContext = {
    get config() {
      opened.config ??= loadConfig(readEnvironment(options.env ?? process.env));
      return opened.config;
    },
    get economy() {
      opened.economy ??= loadEconomy(context.config.economyFile);
      return opened.economy;
    },
    database: () => open(true),
    read: async (query) => (await open(false)).transaction((tx) => query(tx), { accessMode: "read only" }),
    print: (text) => out(`${text}\n`),
    note: (text) => err(`${text}\n`),
    actor: { kind: "cli", user: options.osUser ?? operatingSystemUser() },
  };

  const program = new Command("npm run admin --")
    .description(
      "Arcana's operator commands. They read the configuration as the server does (the environment over .env or ENV_FILE: DATABASE_URL, DATA_DIR, …) and first say which database they use.",
    )
    .option("--create", "make a new, empty embedded database when DATA_DIR has none (never in production)")
    .exitOverride()
    .configureOutput({ writeOut: out, writeErr: err })
    .showHelpAfterError("(add --help for usage)")
    .helpCommand(false);
  registerAllowlistCommands(program, context);
  registerWalletCommands(program, context);
  registerPointsCommands(program, context);
  registerOperatorCommands(program, context);
  registerBoxesCommands(program, context);
  registerKolCommands(program, context);
  registerRelayerCommands(program, context);
  registerReminderCommands(program, context);
  registerDatabaseCommands(program, context);
  registerChainCommands(program, context);
  program
    .command("version")
    .description("the release this installation is (CHANGELOG.md has its notes)")
    .action(() => context.print(version));

  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCodes.ok;
  } catch (error) {
    // Commander has already printed its message (a usage error) or the help.
    if (error instanceof CommanderError) return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
    const prefix = error instanceof EconomyError ? `Invalid economy file ${context.config.economyFile}:\n` : "";
    err(`${prefix}${describeFailure(error)}\n`);
    return exitCodes.failed;
  } finally {
    await opened.database?.close();
  }
}
