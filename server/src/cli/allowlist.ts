import type { Command } from "commander";
import { addToAllowlist, listAllowlist, removeFromAllowlist } from "../modules/passes/admin.js";
import type { CliContext } from "./context.js";

/** `allowlist add|remove|list`: who may mint while ALLOWLIST_ENABLED is on. */
export function registerAllowlistCommands(program: Command, context: CliContext) {
  const allowlist = program
    .command("allowlist")
    .description("the mint allowlist: members (by e-mail) or wallets that may mint when ALLOWLIST_ENABLED is on");

  allowlist
    .command("add")
    .description("let this member or wallet mint")
    .argument("<entry>", "an e-mail address or a 0x wallet")
    .action(async (entry: string) => {
      const added = await addToAllowlist(await context.database(), context.actor, { entry }, new Date());
      context.print(`Added ${added.kind} ${added.entry} to the allowlist.`);
    });

  allowlist
    .command("remove")
    .description("take this member or wallet off the allowlist")
    .argument("<entry>", "an e-mail address or a 0x wallet")
    .action(async (entry: string) => {
      const removed = await removeFromAllowlist(await context.database(), context.actor, entry, new Date());
      context.print(removed ? `Removed ${entry}.` : `${entry} was not on the allowlist.`);
    });

  allowlist
    .command("list")
    .description("every entry, oldest first, and whether the allowlist is on")
    .action(async () => {
      const entries = await context.read((db) => listAllowlist(db));
      for (const row of entries)
        context.print(`${row.kind.padEnd(6)} ${row.entry}  (added ${row.addedAt.toISOString()})`);
      context.print(
        `${entries.length} entr${entries.length === 1 ? "y" : "ies"}; the allowlist is ${context.config.allowlistEnabled ? "ON" : "OFF (ALLOWLIST_ENABLED)"}.`,
      );
    });
}
