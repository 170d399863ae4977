// `npm run admin -- <command>`: the operator's command line.
import { bootstrap } from "./bootstrap.js";
import { allowlistAdmin } from "./modules/passes/service.js";

const usage = `Usage: npm run admin -- <command>

  allowlist add <email|0xwallet>     let this member mint (when ALLOWLIST_ENABLED)
  allowlist remove <email|0xwallet>
  allowlist list`;

const [area, action, value] = process.argv.slice(2);
if (area !== "allowlist" || !["add", "remove", "list"].includes(action ?? "") || (action !== "list" && !value)) {
  console.error(usage);
  process.exit(2);
}

const { database, config } = await bootstrap();
const admin = allowlistAdmin(database.db);
try {
  if (action === "add" && value) {
    const added = await admin.add(value);
    console.log(`Added ${added.kind} ${added.entry} to the allowlist.`);
  } else if (action === "remove" && value) {
    console.log((await admin.remove(value)) ? `Removed ${value}.` : `${value} was not on the allowlist.`);
  } else {
    const entries = await admin.list();
    for (const row of entries) console.log(`${row.kind.padEnd(6)} ${row.entry}  (added ${row.addedAt.toISOString()})`);
    console.log(
      `${entries.length} entr${entries.length === 1 ? "y" : "ies"}; the allowlist is ${config.allowlistEnabled ? "ON" : "OFF (ALLOWLIST_ENABLED)"}.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
