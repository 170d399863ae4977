import { loadConfig } from "../config.js";
import { openConfiguredDatabase } from "./open.js";

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
