import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.js";
import { boxOddsVersions } from "../db/schema.js";
import { type Economy, loadEconomy } from "../economy.js";
import { createBoxService } from "../modules/boxes/service.js";
import { unlimitedLimiter } from "../test/app.js";
import { createTestDatabase } from "../test/database.js";
import { runCli } from "./program.js";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const scratch = mkdtempSync(path.join(tmpdir(), "arcana-cli-choice-"));
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs one command in-process, on the real database selection unless `handle` is given. */
async function admin(env: Record<string, string>, argv: string[], handle?: DatabaseHandle) {
  let out = "";
  let err = "";
  const code = await runCli(argv, {
    env,
    ...(handle ? { openDatabase: async () => ({ ...handle, close: async () => {} }) } : {}),
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  return { code, out, err };
}

const oddsVersions = async () => Number((await database.db.select({ n: count() }).from(boxOddsVersions))[0]?.n);

describe("which database the operator's commands use", () => {
  it("refuses to make a new embedded database without --create, says which one first, and creates nothing", async () => {
    const dataDir = path.join(scratch, "fresh");
    const refused = await admin({ NODE_ENV: "test", DATA_DIR: dataDir }, [
      "allowlist",
      "add",
      "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.err.split("\n")[0]).toBe(`Database: the embedded database in ${dataDir} (NODE_ENV=test)`);
    expect(refused.err).toContain("--create");
    expect(refused.out).toBe("");
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);

    const created = await admin({ NODE_ENV: "test", DATA_DIR: dataDir }, ["--create", "operator", "list"]);
    expect(created.code, created.err).toBe(0);
    expect(created.out).toContain("0 operators.");
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
  }, 120_000); // a new embedded database on disk, migrated: seconds on a busy machine

  it("never makes an embedded database in production, even with --create", async () => {
    const dataDir = path.join(scratch, "production");
    const env = {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SESSION_SECRET: "s".repeat(40),
      SIGNER_PRIVATE_KEY: `0x${"ab".repeat(32)}`,
      SMTP_URL: "smtp://127.0.0.1:1",
      CHAINS: "opBNBTestnet",
      DEFAULT_CHAIN: "opBNBTestnet",
      OPBNB_TESTNET_GENESIS_PASS_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      OPBNB_TESTNET_DAILY_ADDRESS: "0xe7f1725E7734CE288F8367e1e0d2b3c7E1f1b9e8",
    };
    const refused = await admin(env, ["--create", "operator", "list"]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("NODE_ENV=production never makes one");
    expect(existsSync(dataDir)).toBe(false);
  });

  it("names a PostgreSQL database without its password", async () => {
    const shown = await admin({ NODE_ENV: "test", DATABASE_URL: "postgres://arcana:hunter2@db.internal:5432/arcana" }, [
      "operator",
      "list",
    ]);
    expect(shown.err.split("\n")[0]).toBe(
      "Database: PostgreSQL postgres://arcana:***@db.internal:5432/arcana (NODE_ENV=test)",
    );
    expect(shown.err).not.toContain("hunter2");
  });

  it("reads the settings file the servers read (.env or ENV_FILE): the allowlist is ON where the servers enforce it", async () => {
    const file = path.join(scratch, "arcana.env");
    writeFileSync(file, "# what the servers run with\nALLOWLIST_ENABLED=true\n");
    const listed = await admin({ NODE_ENV: "test", ENV_FILE: file }, ["allowlist", "list"], database);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toContain("the allowlist is ON");
  });
});

describe("reading commands never write", () => {
  it("boxes list with an economy file no server offered yet records no odds version", async () => {
    const economyFile = path.join(scratch, "economy.json");
    const economy = loadEconomy();
    const changed = {
      ...economy,
      boxes: economy.boxes.map((box, index) =>
        index === 0 ? { ...box, rewards: [{ kind: "points", amount: 7, weight: 1 }] } : box,
      ),
    };
    writeFileSync(economyFile, JSON.stringify(changed));
    // What the servers offer now is recorded; the file in the operator's shell is newer.
    await createBoxService({ db: database.db, economy, now: () => new Date(), limiter: unlimitedLimiter() }).market(
      "en",
    );
    const before = await oddsVersions();
    const listed = await admin({ NODE_ENV: "test", ECONOMY_FILE: economyFile }, ["boxes", "list"], database);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toContain("not recorded yet");
    expect(await oddsVersions()).toBe(before);
  });

  it("a reading command's transaction refuses writes", async () => {
    const db = database.db;
    await expect(
      db.transaction((tx) => tx.insert(boxOddsVersions).values({ boxId: "x", version: 1, rewards: [] }), {
        accessMode: "read only",
      }),
    ).rejects.toThrow();
  });
});

describe("odds versions are content-addressed", () => {
  it("a server with the older economy file offers the stored older version, records nothing, and warns naming the box", async () => {
    const base = loadEconomy();
    const withRewards = (amount: number): Economy => ({
      ...base,
      boxes: [
        {
          ...(base.boxes[0] as Economy["boxes"][number]),
          id: "rolling",
          rewards: [{ kind: "points", amount, weight: 1 }],
        },
      ],
    });
    const warnings: string[] = [];
    const server = (economy: Economy) =>
      createBoxService({
        db: database.db,
        economy,
        now: () => new Date(),
        limiter: unlimitedLimiter(),
        onOlderOdds: (boxId, offered, newest) => warnings.push(`${boxId} v${offered} < v${newest}`),
      });
    expect((await server(withRewards(1)).market("en"))[0]?.odds_version).toBe(1);
    expect((await server(withRewards(2)).market("en"))[0]?.odds_version).toBe(2);
    // The rolling restart: old file, new file, old file again.
    expect((await server(withRewards(1)).market("en"))[0]?.odds_version).toBe(1);
    expect((await server(withRewards(2)).market("en"))[0]?.odds_version).toBe(2);
    expect((await server(withRewards(1)).market("en"))[0]?.odds_version).toBe(1);
    const results = await server(withRewards(2)).results("rolling");
    expect(results.versions.map((version) => version.odds_version)).toEqual([2, 1]);
    expect(warnings).toEqual(["rolling v1 < v2", "rolling v1 < v2"]);
  });
});
