import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, operatorAudit, operators } from "../db/schema.js";
import { createTestDatabase } from "../test/database.js";
import { balanceOf, createMemberRow } from "../test/members.js";
import { runCli } from "./program.js";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let opened = 0;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** Runs one command in-process against the test database; what it printed and its exit code. */
async function admin(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, {
    env: { NODE_ENV: "test" },
    openDatabase: async () => {
      opened++;
      return { ...database, close: async () => {} };
    },
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  // Every command that opens the database names it first (database-choice.test.ts checks the line).
  return { code, out, err: err.replace(/^Database: .*\n/, "") };
}

describe("the operator CLI's command line", () => {
  it("lists every command with --help, exits 0, and opens no database for it", async () => {
    const before = opened;
    const help = await admin("--help");
    expect(help.code).toBe(0);
    for (const command of ["allowlist", "wallet", "points", "operator", "boxes", "kol", "db"])
      expect(help.out).toContain(command);
    for (const argv of [
      ["allowlist", "--help"],
      ["allowlist", "add", "--help"],
      ["allowlist", "remove", "--help"],
      ["allowlist", "list", "--help"],
      ["wallet", "--help"],
      ["wallet", "show", "--help"],
      ["wallet", "unbind", "--help"],
      ["points", "--help"],
      ["points", "grant", "--help"],
      ["points", "deduct", "--help"],
      ["points", "show", "--help"],
      ["operator", "add", "--help"],
      ["operator", "remove", "--help"],
      ["operator", "list", "--help"],
      ["boxes", "list", "--help"],
      ["kol", "add", "--help"],
      ["kol", "list", "--help"],
      ["kol", "disable", "--help"],
      ["db", "url", "--help"],
    ]) {
      const result = await admin(...argv);
      expect(result.code, argv.join(" ")).toBe(0);
      expect(result.out, argv.join(" ")).toMatch(/^Usage: npm run admin -- /);
    }
    expect((await admin("points", "grant", "--help")).out).toContain("--reason <text>");
    expect(opened).toBe(before);
  });

  it("answers a wrong command line with exit code 2 and a message, before touching the database", async () => {
    const before = opened;
    for (const argv of [
      [],
      ["nonsense"],
      ["points"],
      ["points", "grant", "ada@example.com", "100"],
      ["points", "grant", "ada@example.com", "-5", "--reason", "x"],
      ["points", "grant", "ada@example.com", "1.5", "--reason", "x"],
      ["points", "grant", "ada@example.com", "ten", "--reason", "x"],
      ["points", "grant", "ada@example.com", "10", "--reason", "  "],
      ["points", "show"],
      ["points", "show", "a@example.com", "extra"],
      ["wallet", "unbind", "ada@example.com", "bitcoin"],
      ["allowlist", "add"],
      ["operator", "add"],
      ["points", "deduct", "ada@example.com", "0", "--reason", "x"],
    ]) {
      const result = await admin(...argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.err, argv.join(" ")).not.toBe("");
    }
    expect((await admin("points", "grant", "ada@example.com", "100")).err).toContain(
      "required option '--reason <text>' not specified",
    );
    expect(opened).toBe(before);
  });
});

describe("points grant and points show", () => {
  it("grants points with a reason, and shows the balance and the movements with it", async () => {
    const userId = await createMemberRow(database.db, "granted@example.com");
    const grant = await admin("points", "grant", "Granted@Example.com", "100", "--reason", "community event winner");
    expect(grant).toEqual({
      code: 0,
      out: "Granted 100 points to granted@example.com (community event winner); their balance is 100 points.\n",
      err: "",
    });
    await admin("points", "grant", "granted@example.com", "1", "--reason", "typo bonus");
    expect(await balanceOf(database.db, userId)).toBe(101);

    const rows = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(rows.map((row) => [row.kind, row.amount, row.reason, row.label])).toEqual(
      expect.arrayContaining([
        ["grant", 100, "community event winner", null],
        ["grant", 1, "typo bonus", null],
      ]),
    );

    const show = await admin("points", "show", "granted@example.com");
    expect(show.code).toBe(0);
    const lines = show.out.trimEnd().split("\n");
    expect(lines[0]).toBe("granted@example.com: 101 points");
    expect(lines[1]).toBe("Last 2 movements, newest first:");
    expect(lines[2]).toMatch(/ UTC +\+1 {2}Bonus from the team {2}\(reason: typo bonus\)$/);
    expect(lines[3]).toMatch(/ UTC {2}\+100 {2}Bonus from the team {2}\(reason: community event winner\)$/);
  });

  it("shows at most the last 20 movements, newest first", async () => {
    await createMemberRow(database.db, "many@example.com");
    for (let i = 1; i <= 22; i++) await admin("points", "grant", "many@example.com", String(i), "--reason", `r${i}`);
    const lines = (await admin("points", "show", "many@example.com")).out.trimEnd().split("\n");
    expect(lines[0]).toBe("many@example.com: 253 points");
    expect(lines[1]).toBe("Last 20 movements, newest first:");
    expect(lines).toHaveLength(22);
    expect(lines[2]).toContain("(reason: r22)");
    expect(lines[21]).toContain("(reason: r3)");
  });

  it("counts every grant exactly once when operators grant at the same time", async () => {
    const userId = await createMemberRow(database.db, "busy@example.com");
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        admin("points", "grant", "busy@example.com", String(i + 1), "--reason", "rush"),
      ),
    );
    expect(results.map((result) => result.code)).toEqual(Array(12).fill(0));
    const [sum] = await database.db
      .select({ total: sql<string>`sum(${ledgerEntries.amount})`, rows: sql<string>`count(*)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    expect(Number(sum?.total)).toBe(78);
    expect(Number(sum?.rows)).toBe(12);
    expect(await balanceOf(database.db, userId)).toBe(78);
  });

  it("fails with exit code 1 for an e-mail address no member has, and grants nothing", async () => {
    const [before] = await database.db.select({ rows: sql<string>`count(*)` }).from(ledgerEntries);
    const grant = await admin("points", "grant", "nobody@example.com", "5", "--reason", "x");
    expect(grant).toEqual({ code: 1, out: "", err: "No member has the e-mail address nobody@example.com.\n" });
    expect((await admin("points", "show", "nobody@example.com")).code).toBe(1);
    const [after] = await database.db.select({ rows: sql<string>`count(*)` }).from(ledgerEntries);
    expect(after?.rows).toBe(before?.rows);
  });

  it("shows a member with no movements yet", async () => {
    await createMemberRow(database.db, "quiet@example.com");
    expect((await admin("points", "show", "quiet@example.com")).out).toBe(
      "quiet@example.com: 0 points\nNo point movements yet.\n",
    );
  });
});

describe("the allowlist and wallet commands", () => {
  it("adds, lists and removes allowlist entries", async () => {
    expect((await admin("allowlist", "add", "Ada@Example.com")).out).toBe(
      "Added email ada@example.com to the allowlist.\n",
    );
    const list = await admin("allowlist", "list");
    expect(list.out).toMatch(
      /^email {2}ada@example\.com {2}\(added .+\)\n1 entry; the allowlist is OFF \(ALLOWLIST_ENABLED\)\.\n$/,
    );
    expect((await admin("allowlist", "remove", "ada@example.com")).out).toBe("Removed ada@example.com.\n");
    expect((await admin("allowlist", "remove", "ada@example.com")).out).toBe(
      "ada@example.com was not on the allowlist.\n",
    );
    expect(await admin("allowlist", "add", "not-an-address")).toEqual({
      code: 1,
      out: "",
      err: '"not-an-address" is neither an e-mail address nor an EVM address\n',
    });
  });

  it("shows a member's wallets and releases one", async () => {
    const wallet = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
    const userId = await createMemberRow(database.db, "lost@example.com");
    await database.db.execute(sql`update users set wallet_address = ${wallet} where id = ${userId}`);
    expect((await admin("wallet", "show", wallet)).out).toBe(
      `lost@example.com\n  EVM wallet:     ${wallet}\n  Solana address: (none)\n`,
    );
    expect((await admin("wallet", "unbind", "lost@example.com", "evm")).out).toBe(
      `Released ${wallet} from lost@example.com; they can bind another.\n`,
    );
    expect((await admin("wallet", "unbind", "lost@example.com", "evm")).out).toBe(
      "lost@example.com had no evm binding.\n",
    );
    expect((await admin("wallet", "show", "nobody@example.com")).code).toBe(1);
  });
});

describe("the kol commands", () => {
  it("makes a member a KOL with a code of their own rates, lists it, and disables it", async () => {
    await createMemberRow(database.db, "kol@example.com");
    const added = await admin("kol", "add", "KOL@example.com", "--code", "starlight", "--inviter-points", "150");
    expect(added).toMatchObject({ code: 0, err: "" });
    expect(added.out).toContain(
      "kol@example.com has KOL code STARLIGHT: 150 points per qualified invite, 30 (economy default)",
    );
    const random = await admin("kol", "add", "kol@example.com");
    expect(random.out).toMatch(/has KOL code [2-9A-HJ-NP-Z]{8}:/);
    const taken = await admin("kol", "add", "kol@example.com", "--code", "STARLIGHT");
    expect(taken.code).toBe(1);
    expect(taken.err).toContain("already taken");
    const list = await admin("kol", "list");
    expect(list.out).toContain("STARLIGHT  kol@example.com  inviter 150, invitee 30*  uses 0, qualified 0");
    expect(list.out).toContain("2 KOL codes");
    expect((await admin("kol", "disable", "starlight")).out).toBe("Disabled STARLIGHT.\n");
    expect((await admin("kol", "disable", "starlight")).out).toBe("STARLIGHT was already disabled.\n");
    expect((await admin("kol", "list")).out).toMatch(/STARLIGHT .* DISABLED/);
  });

  it("refuses a bad code or points as a usage error and an unknown member or code as a failure", async () => {
    expect((await admin("kol", "add", "kol@example.com", "--code", "no way")).code).toBe(2);
    expect((await admin("kol", "add", "kol@example.com", "--invitee-points", "-3")).code).toBe(2);
    const unknown = await admin("kol", "add", "nobody@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No member has the e-mail address nobody@example.com");
    expect((await admin("kol", "disable", "NOSUCHCODE")).code).toBe(1);
  });
});

describe("points deduct", () => {
  it("takes points with a reason through the ledger, and never below zero", async () => {
    const userId = await createMemberRow(database.db, "deducted@example.com");
    await admin("points", "grant", "deducted@example.com", "50", "--reason", "welcome");
    expect(await admin("points", "deduct", "deducted@example.com", "20", "--reason", "duplicate account")).toEqual({
      code: 0,
      out: "Deducted 20 points from deducted@example.com (duplicate account); their balance is 30 points.\n",
      err: "",
    });
    const refused = await admin("points", "deduct", "deducted@example.com", "31", "--reason", "too much");
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("This needs 31 points and you have 30.");
    expect(await balanceOf(database.db, userId)).toBe(30);
    const rows = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(rows.map((row) => [row.kind, row.amount, row.reason])).toEqual(
      expect.arrayContaining([["deduction", -20, "duplicate account"]]),
    );
    expect(rows).toHaveLength(2);
  });
});

describe("operator add, remove and list", () => {
  it("makes a member an operator and takes it back, each change audited", async () => {
    const userId = await createMemberRow(database.db, "ops@example.com");
    expect((await admin("operator", "add", "Ops@Example.com")).out).toBe("ops@example.com is now an operator.\n");
    expect((await admin("operator", "add", "ops@example.com")).out).toBe("ops@example.com already was an operator.\n");
    expect((await admin("operator", "list")).out).toMatch(/^ops@example\.com {2}\(since .+\)\n1 operator\.\n$/);
    expect(await database.db.select().from(operators).where(eq(operators.userId, userId))).toHaveLength(1);

    expect((await admin("operator", "remove", "ops@example.com")).out).toBe(
      "ops@example.com is no longer an operator.\n",
    );
    expect((await admin("operator", "remove", "ops@example.com")).out).toBe("ops@example.com was not an operator.\n");
    expect((await admin("operator", "list")).out).toBe("0 operators.\n");

    const audit = await database.db.select().from(operatorAudit).where(eq(operatorAudit.subjectId, userId));
    expect(audit.map((row) => [row.actor, row.action, row.before, row.after])).toEqual([
      ["cli", "operator_add", { operator: false }, { operator: true }],
      ["cli", "operator_remove", { operator: true }, { operator: false }],
    ]);
  });

  it("refuses an e-mail address no member has, with exit code 1", async () => {
    expect(await admin("operator", "add", "stranger@example.com")).toEqual({
      code: 1,
      out: "",
      err: "No member has the e-mail address stranger@example.com; they sign in once first.\n",
    });
  });
});
