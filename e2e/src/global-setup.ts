import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/src/db/client.js";

/**
 * Once per `npm run test:e2e`: a new embedded database with every migration applied, which each test server's database
 * starts as a copy of (`freshDataDir`). A new one costs initdb and the migrations, ~2.8 s here; a copy ~0.3 s, and the
 * run starts about 30 servers. The workers inherit its path through the environment.
 */
export default async function setup() {
  const template = mkdtempSync(path.join(tmpdir(), "arcana-e2e-template-"));
  const database = await openDatabase({ kind: "pglite", dataDir: template });
  await database.migrate();
  await database.close();
  process.env.ARCANA_E2E_DATABASE_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
