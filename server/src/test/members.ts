import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { checkIns, users } from "../db/schema.js";
import { grantPoints } from "../modules/ledger/api.js";
import { setBoundWallet } from "../modules/users/service.js";
import type { createTestApp } from "./app.js";
import { signInByCode } from "./app.js";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A signed-in member: their id and the header that authenticates as them. */
export async function signUpMember(t: TestApp, email: string) {
  const token = await signInByCode(t.app, email);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account for ${email}`);
  return { userId: row.id, auth: { authorization: `Bearer ${token}` } };
}

/**
 * Binds an EVM wallet without the signing flow (which has its own tests), through the users
 * service so its history is kept; bound since `at`, by default long before any test's events.
 */
export async function bindWalletDirectly(db: Database, userId: string, address: string, at = new Date(0)) {
  await setBoundWallet(db, userId, "evm", address, at);
}

/** An account with no session, for service-level tests. */
export async function createMemberRow(db: Database, email: string): Promise<string> {
  const [row] = await db.insert(users).values({ email }).returning({ id: users.id });
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}

/** Gives a member `amount` points as a test grant referenced by their id (so once a member), at `at` or the database's time. */
export async function grantTestPoints(db: Database, userId: string, amount: number, at?: Date) {
  await grantPoints(db, { userId, kind: "test_grant", amount, reference: userId, at });
}

export async function balanceOf(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ pts: users.pts }).from(users).where(eq(users.id, userId));
  return row?.pts ?? Number.NaN;
}

let checkInCount = 0;
/**
 * A credited check-in row, as the daily module writes it for a chain event (a made-up one, unique per call): the
 * member checked in on GMT day `day` with a streak of `streak`, credited at `at` (default: the database's clock)
 * (the reminders' tests, e2e and CLI).
 */
export async function insertCheckIn(db: Database, userId: string, day: number, streak: number, at?: Date) {
  checkInCount += 1;
  await db.insert(checkIns).values({
    userId,
    day,
    wallet: "0x00000000000000000000000000000000000000aa",
    chainId: 31337,
    txHash: `0x${process.pid.toString(16).padStart(8, "0")}${checkInCount.toString(16).padStart(56, "0")}`,
    logIndex: 0,
    points: 10,
    streak,
    ...(at ? { createdAt: at } : {}),
  });
}
