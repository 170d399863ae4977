import type { Command } from "commander";
import { boxesReport, createBoxReports } from "../modules/boxes/reports.js";
import type { CliContext } from "./context.js";

/** `boxes list`: the loot boxes' sales and results against their stated odds. */
export function registerBoxesCommands(program: Command, context: CliContext) {
  const boxes = program.command("boxes").description("the loot boxes of the economy file");

  boxes
    .command("list")
    .description("per box: supply sold and left, openings per reward (last 90 days) against the stated odds")
    .action(async () => {
      const now = () => new Date();
      const report = await context.read((db) => boxesReport(createBoxReports({ db, economy: context.economy, now })));
      context.print(report);
    });
}
