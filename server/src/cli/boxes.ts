import type { Command } from "commander";
import { boxesReport } from "../modules/boxes/report.js";
import { createBoxService } from "../modules/boxes/service.js";
import { createDatabaseRateLimiter } from "../rate-limit/database-limiter.js";
import type { CliContext } from "./context.js";

/** `boxes list`: the loot boxes' sales and results against their stated odds. */
export function registerBoxesCommands(program: Command, context: CliContext) {
  const boxes = program.command("boxes").description("the loot boxes of the economy file");

  boxes
    .command("list")
    .description("per box: supply sold and left, openings per reward (last 90 days) against the stated odds")
    .action(async () => {
      const now = () => new Date();
      // The report opens and buys nothing: its limiter is never asked.
      const report = await context.read((db) =>
        boxesReport(
          createBoxService({ db, economy: context.economy, now, limiter: createDatabaseRateLimiter(db, now) }),
        ),
      );
      context.print(report);
    });
}
