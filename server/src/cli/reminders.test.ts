import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gmtDayNumber } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderChoices } from "../db/schema.js";
import { loadEconomy } from "../economy.js";
import { readDevMailbox } from "../mail/mailer.js";
import { createTestDatabase } from "../test/database.js";
import { createMemberRow, insertCheckIn } from "../test/members.js";
import { runCli } from "./program.js";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let economyFile: string;
let offFile: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const economy = loadEconomy();
  const folder = mkdtempSync(path.join(tmpdir(), "arcana-reminders-"));
  economyFile = path.join(folder, "economy.json");
  offFile = path.join(folder, "economy-off.json");
  writeFileSync(offFile, JSON.stringify({ ...economy, reminders: { ...economy.reminders, enabled: false } }));
  // A site that offers reminders, sending only to streaks of 2 days or more unless told otherwise.
  writeFileSync(
    economyFile,
    JSON.stringify({ ...economy, reminders: { ...economy.reminders, enabled: true, minStreak: 2 } }),
  );
});
afterAll(() => database.dispose());

async function admin(env: Record<string, string>, ...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, {
    env: { NODE_ENV: "test", ...env },
    openDatabase: async () => ({ ...database, close: async () => {} }),
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  return { code, out, err: err.replace(/^Database: .*\n/, "") };
}

describe("npm run admin -- reminders", () => {
  it("run --now --min-streak sends the operator's own reminder once; status counts it; a second run sends none", async () => {
    const userId = await createMemberRow(database.db, "operator-smtp@example.com");
    const today = gmtDayNumber(new Date());
    await insertCheckIn(database.db, userId, today - 1, 1);
    await database.db.insert(reminderChoices).values({ userId, enabled: true, sendHour: 23, chosenAt: new Date() });
    const env = { ECONOMY_FILE: economyFile };

    // A 1-day streak is under the file's minimum of 2: nothing, even with --now.
    expect((await admin(env, "reminders", "run", "--now")).out).toContain("Queued 0; sent 0");
    const run = await admin(env, "reminders", "run", "--now", "--min-streak", "1");
    expect(run).toMatchObject({ code: 0 });
    expect(run.out).toContain("Queued 1; sent 1");
    const mails = await readDevMailbox(database.db, "operator-smtp@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    expect((await admin(env, "reminders", "run", "--now", "--min-streak", "1")).out).toContain("Queued 0; sent 0");
    expect(await readDevMailbox(database.db, "operator-smtp@example.com")).toHaveLength(1);

    const status = await admin(env, "reminders", "status");
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/Streak reminders on/);
    expect(status.out).toMatch(/sent +1\n/);
    expect(status.out).toMatch(/Members opted in: 1 /);
  });

  it("run refuses (exit 1) on a site with reminders off, and --min-streak must be a whole number (exit 2)", async () => {
    const off = await admin({ ECONOMY_FILE: offFile }, "reminders", "run", "--now");
    expect(off.code).toBe(1);
    expect(off.err).toContain("reminders.enabled");
    expect((await admin({ ECONOMY_FILE: economyFile }, "reminders", "run", "--min-streak", "zero")).code).toBe(2);
  });
});
