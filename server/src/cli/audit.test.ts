import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorAudit } from "../db/schema.js";
import { createTestDatabase } from "../test/database.js";
import { bindWalletDirectly, createMemberRow } from "../test/members.js";
import { runCli } from "./program.js";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** Runs one command in-process as the operating-system user `alice`; its exit code and error output. */
async function admin(...argv: string[]) {
  let err = "";
  const code = await runCli(argv, {
    env: { NODE_ENV: "test" },
    openDatabase: async () => ({ ...database, close: async () => {} }),
    out: () => {},
    err: (text) => {
      err += text;
    },
    osUser: "alice",
  });
  return { code, err: err.replace(/^Database: .*\n/, "") };
}

/** The newest audit row, as the console's audit page shows it, plus who ran the command. */
async function lastAudit() {
  const [row] = await database.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1);
  if (!row) throw new Error("no audit row");
  return {
    actor: row.actor,
    osUser: row.actorOsUser,
    action: row.action,
    subject: row.subject,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

const ran = { actor: "cli", osUser: "alice" };

describe("every CLI command that changes data writes the audit row the console writes, naming cli and the OS user", () => {
  it("points grant", async () => {
    await createMemberRow(database.db, "granted@example.com");
    expect(await admin("points", "grant", "granted@example.com", "40", "--reason", "contest")).toMatchObject({
      code: 0,
    });
    expect(await lastAudit()).toEqual({
      ...ran,
      action: "points_grant",
      subject: "granted@example.com",
      before: { pts: 0 },
      after: { pts: 40 },
      reason: "contest",
    });
  });

  it("points deduct", async () => {
    expect(await admin("points", "deduct", "granted@example.com", "15", "--reason", "duplicate")).toMatchObject({
      code: 0,
    });
    expect(await lastAudit()).toEqual({
      ...ran,
      action: "points_deduct",
      subject: "granted@example.com",
      before: { pts: 40 },
      after: { pts: 25 },
      reason: "duplicate",
    });
  });

  it("wallet unbind", async () => {
    const wallet = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";
    await bindWalletDirectly(database.db, await createMemberRow(database.db, "lost@example.com"), wallet);
    expect(await admin("wallet", "unbind", "lost@example.com", "evm")).toMatchObject({ code: 0 });
    expect(await lastAudit()).toEqual({
      ...ran,
      action: "wallet_unbind",
      subject: "lost@example.com",
      before: { wallet_address: wallet },
      after: { wallet_address: null },
      reason: null,
    });
  });

  it("allowlist add", async () => {
    await createMemberRow(database.db, "hopeful@example.com");
    expect(await admin("allowlist", "add", "Hopeful@example.com")).toMatchObject({ code: 0 });
    expect(await lastAudit()).toEqual({
      ...ran,
      action: "allowlist_add",
      subject: "hopeful@example.com",
      before: { entry: "hopeful@example.com", on_allowlist: false },
      after: { entry: "hopeful@example.com", on_allowlist: true },
      reason: null,
    });
  });

  it("allowlist remove", async () => {
    expect(await admin("allowlist", "remove", "hopeful@example.com")).toMatchObject({ code: 0 });
    expect(await lastAudit()).toEqual({
      ...ran,
      action: "allowlist_remove",
      subject: "hopeful@example.com",
      before: { entry: "hopeful@example.com", on_allowlist: true },
      after: { entry: "hopeful@example.com", on_allowlist: false },
      reason: null,
    });
  });

  it("kol add", async () => {
    await createMemberRow(database.db, "star@example.com");
    expect(await admin("kol", "add", "star@example.com", "--code", "STARS", "--inviter-points", "70")).toMatchObject({
      code: 0,
    });
    expect(await lastAudit()).toEqual({
      ...ran,
      action: "kol_add",
      subject: "star@example.com",
      before: null,
      after: { code: "STARS", inviter_points: 70, invitee_points: null },
      reason: null,
    });
  });

  it("kol disable", async () => {
    expect(await admin("kol", "disable", "stars")).toMatchObject({ code: 0 });
    expect(await lastAudit()).toEqual({
      ...ran,
      action: "kol_disable",
      subject: "star@example.com",
      before: { code: "STARS", disabled: false },
      after: { code: "STARS", disabled: true },
      reason: null,
    });
  });

  it("operator add and operator remove", async () => {
    await createMemberRow(database.db, "helper@example.com");
    expect(await admin("operator", "add", "helper@example.com")).toMatchObject({ code: 0 });
    expect(await lastAudit()).toEqual({
      ...ran,
      action: "operator_add",
      subject: "helper@example.com",
      before: { operator: false },
      after: { operator: true },
      reason: null,
    });
    expect(await admin("operator", "remove", "helper@example.com")).toMatchObject({ code: 0 });
    expect(await lastAudit()).toMatchObject({ ...ran, action: "operator_remove", subject: "helper@example.com" });
  });
});
