import { listDevMailboxRoute, sendSignInCodeRoute, signInRoute } from "@arcana/protocol";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { type AppDeps, createApp } from "../app.js";
import { loadConfig } from "../config.js";
import { type Economy, loadEconomy } from "../economy.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";
import type { RateLimiter } from "../rate-limit/limiter.js";
import { apiClient, dataOf } from "./api-client.js";
import { createTestDatabase } from "./database.js";

/** The variables production refuses to start without (test values). */
export const productionEnv = {
  NODE_ENV: "production",
  SESSION_SECRET: "production-test-session-secret-0123456789",
  SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
  // Nothing listens there: tests that send mail in production hand in their own mailer.
  SMTP_URL: "smtp://127.0.0.1:9",
  // Production refuses a chain without contracts: every known chain gets (made-up) addresses, and an
  // RPC on this machine where nothing listens, so no test or bench reaches a public chain's RPC.
  ...Object.fromEntries(
    ["LOCAL", "OPBNB", "OPBNB_TESTNET", "ZKFAIR"].flatMap((chain) => [
      [`${chain}_GENESIS_PASS_ADDRESS`, "0x5FbDB2315678afecb367f032d93F642f64180aa3"],
      [`${chain}_DAILY_ADDRESS`, "0xe7f1725E7734CE288F8367e1e0d2b3c7E1f1b9e8"],
    ]),
  ),
  ...Object.fromEntries(
    ["OPBNB", "OPBNB_TESTNET", "ZKFAIR"].map((chain) => [`${chain}_RPC_URL`, "http://127.0.0.1:9"]),
  ),
};

/** A clock tests can move forward. */
export function testClock(start = new Date("2026-11-22T12:00:00.000Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  extraApiRoutes?: AppDeps["extraApiRoutes"];
  mailer?: AppDeps["mailer"];
  chainClients?: AppDeps["chainClients"];
  economy?: AppDeps["economy"];
  limiter?: AppDeps["limiter"];
  logger?: AppDeps["logger"];
  /** The server-rendered web app (a built one: `loadBuiltFrontend`); API only when absent. */
  web?: AppDeps["web"];
}

/** The whole API on a fresh database, driven through `app.request` without a socket. */
export async function createTestApp(options: TestAppOptions = {}) {
  const config = loadConfig({ NODE_ENV: "test", ...options.env });
  const database = await createTestDatabase();
  const logger = options.logger ?? pino({ level: "silent" });
  const created = createApp({
    config,
    database,
    logger,
    now: options.now,
    mailer: options.mailer,
    extraApiRoutes: options.extraApiRoutes,
    chainClients: options.chainClients,
    economy: options.economy,
    limiter: options.limiter,
    web: options.web,
  });
  const { limiter } = created;
  return {
    ...created,
    config,
    database,
    dispose: async () => {
      await limiter.close();
      await database.dispose();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A test file's app, created before its tests and disposed after them. The object returned is filled
 * in by the `beforeAll` this registers, so tests and the hooks registered after this call use it as is.
 */
export function testAppPerFile(options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(() => t.dispose());
  return t;
}

/**
 * Headers that speak from a new address of `network` (e.g. "192.0.2") at each call, so per-IP limits
 * don't leak between tests (the app has to trust the proxy: `TRUST_PROXY=1`).
 */
export function freshIps(network: string): () => Record<string, string> {
  let count = 0;
  return () => {
    count += 1;
    return { "x-forwarded-for": `${network}.${count}` };
  };
}

/** The shipped economy with streak reminders offered, whatever an operator's file holds (the reminders' tests). */
export function economyWithReminders(): Economy {
  const economy = loadEconomy();
  return { ...economy, reminders: { ...economy.reminders, enabled: true } };
}

/** The shipped economy with invites qualifying on `qualifyOn` (tests often take the wallet binding, the shortest path). */
export function economyQualifyingOn(qualifyOn: Economy["referrals"]["qualifyOn"]): Economy {
  const economy = loadEconomy();
  return { ...economy, referrals: { ...economy.referrals, qualifyOn } };
}

/** A limiter that allows everything, for tests that sign up more members than one network may. */
export function unlimitedLimiter(): RateLimiter {
  const allowed = { allowed: true, retryAfterSeconds: 0 };
  return {
    hit: async () => allowed,
    peek: async () => allowed,
    reset: async () => {},
    ping: async () => {},
    close: async () => {},
  };
}

/** A mailer that keeps what it was asked to send, for apps with no dev mailbox. */
export function capturingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    isDevMailbox: false,
    send: async (message) => {
      sent.push(message);
    },
  };
  return { mailer, sent };
}

/** The code in the newest sign-in e-mail for an address, read from the dev mailbox. */
export async function latestCode(app: TestApp["app"], email: string): Promise<string> {
  const mails = await apiClient(app).data(listDevMailboxRoute, { query: { to: email } });
  const code = mails[0]?.subject.match(/^(\d{6}) /)?.[1];
  if (!code) throw new Error(`no sign-in code mailed to ${email}`);
  return code;
}

/** Signs up (or in) by e-mail code; returns the session token. */
export async function signInByCode(app: TestApp["app"], email: string): Promise<string> {
  const api = apiClient(app);
  const sent = await api.call(sendSignInCodeRoute, { body: { email, check_email: true } });
  if (sent.status !== 200) throw new Error(`send_code answered ${sent.status}: ${await sent.text()}`);
  const res = await api.call(signInRoute, { body: { email, code: await latestCode(app, email), type: "code" } });
  if (res.status !== 200) throw new Error(`sign_in answered ${res.status}: ${await res.text()}`);
  return (await dataOf(signInRoute, res)).token;
}
