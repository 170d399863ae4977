import { loadConfig } from "../config.js";
import { DatabaseInUseError } from "./embedded-lock.js";
import { openConfiguredDatabase } from "./open.js";

const config = loadConfig();
const handle = await openConfiguredDatabase(config).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(`${error.message} (The server applies migrations at start-up.)`);
  process.exit(1);
});
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
