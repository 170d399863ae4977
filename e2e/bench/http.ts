// `npm run bench`: how fast Arcana starts and answers, beside the ceilings measured in the same run
// on the same machine (a bare Hono hello-world, `pgbench -S`), all on 127.0.0.1. Absolute numbers
// move with the machine's load; the ratios to the ceiling are the figures to compare.
import { productionEnv } from "../../server/src/test/app.js";
import { startServer } from "../src/server.js";
import { DATABASE_URL, ONLY, printTable, table } from "./common.js";
import { benchFrontend } from "./frontend.js";
import { benchOpenings } from "./openings.js";
import { benchAccounts, benchBoxes, benchReferrals } from "./postgres-writes.js";
import { benchProduction, benchServeStart, timeNpmStart } from "./production.js";
import { benchReminders } from "./reminders.js";
import { benchSoak } from "./soak.js";
import { benchSponsored } from "./sponsored.js";

if (ONLY === "soak") {
  if (!DATABASE_URL) throw new Error("BENCH_ONLY=soak runs on PostgreSQL: set BENCH_DATABASE_URL");
  await benchSoak(DATABASE_URL);
} else if (ONLY === "openings") {
  if (!DATABASE_URL) throw new Error("BENCH_ONLY=openings measures on PostgreSQL: set BENCH_DATABASE_URL");
  await benchOpenings(DATABASE_URL);
} else if (ONLY === "sponsored") {
  if (!DATABASE_URL) throw new Error("BENCH_ONLY=sponsored measures on PostgreSQL: set BENCH_DATABASE_URL");
  await benchSponsored(DATABASE_URL);
} else if (ONLY === "reminders") {
  if (!DATABASE_URL) throw new Error("BENCH_ONLY=reminders measures on PostgreSQL: set BENCH_DATABASE_URL");
  await benchReminders(DATABASE_URL);
} else if (ONLY === "frontend") {
  const production = await startServer({ ...productionEnv, INDEXER: "off", HOST: "127.0.0.1" });
  try {
    await benchFrontend(production.url);
  } finally {
    await production.stop();
  }
} else if (ONLY === "server") {
  await benchServeStart();
  await benchProduction({ frontend: false });
} else {
  const readyMs = await timeNpmStart();
  table.push({
    figure: "`npm start` → ready (including the web build when it is out of date)",
    measured: `${(readyMs / 1000).toFixed(1)} s`,
    ceiling: "—",
    target: "≤ 15 s",
    met: readyMs <= 15_000,
  });
  await benchServeStart();
  await benchProduction();
}
if (DATABASE_URL && !ONLY) {
  await benchBoxes(DATABASE_URL);
  await benchAccounts(DATABASE_URL);
  await benchReferrals(DATABASE_URL);
  await benchSponsored(DATABASE_URL);
  await benchOpenings(DATABASE_URL);
  await benchReminders(DATABASE_URL);
  await benchSoak(DATABASE_URL);
}
printTable();
