import { getMyProfileRoute, getTarotDrawRoute, sendSignInCodeRoute, signInRoute } from "@arcana/protocol";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.js";
import { loadConfig } from "./config.js";
import { apiClient } from "./test/api-client.js";
import { latestCode, signInByCode, testClock } from "./test/app.js";
import { createTestDatabase } from "./test/database.js";

// The runbook of docs/operating.md ("Rotating secrets", SESSION_SECRET), step by step, on two servers
// sharing one database: the old one still running while the new one starts.
const OLD = "old-session-secret-0123456789-abcdefghij";
const NEW = "new-session-secret-9876543210-zyxwvutsrq";
const clock = testClock();
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

function server(env: Record<string, string>) {
  return createApp({
    config: loadConfig({ NODE_ENV: "test", ...env }),
    database,
    logger: pino({ level: "silent" }),
    now: clock.now,
  });
}

const bearer = (token: string) => ({ auth: { authorization: `Bearer ${token}` } });

async function drawOf(app: ReturnType<typeof server>["app"], token: string) {
  return (await apiClient(app).data(getTarotDrawRoute, bearer(token))).digest;
}

function sendCode(app: ReturnType<typeof server>["app"], email: string) {
  return apiClient(app).call(sendSignInCodeRoute, { body: { email, check_email: true } });
}

describe("rotating SESSION_SECRET", () => {
  it("keeps sessions, codes sent before the rotation and the day's draw", async () => {
    // Step 1: the servers run with TAROT_DRAW_SECRET set to the current SESSION_SECRET.
    const before = server({ SESSION_SECRET: OLD, TAROT_DRAW_SECRET: OLD });
    const token = await signInByCode(before.app, "member@example.com");
    const draw = await drawOf(before.app, token);
    expect((await sendCode(before.app, "late@example.com")).status).toBe(200);
    const codeSentBefore = await latestCode(before.app, "late@example.com");

    // Step 2: each server restarts with the new secret and the old one as SESSION_SECRET_PREVIOUS.
    const after = server({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD, TAROT_DRAW_SECRET: OLD });
    const mine = await apiClient(after.app).call(getMyProfileRoute, bearer(token));
    expect(mine.status).toBe(200);
    expect(await drawOf(after.app, token)).toBe(draw);
    const signIn = await apiClient(after.app).call(signInRoute, {
      body: { email: "late@example.com", code: codeSentBefore, type: "code" },
    });
    expect(signIn.status).toBe(200);

    // Step 3 (after the codes' lifetime): SESSION_SECRET_PREVIOUS goes; new codes work, sessions stay.
    const settled = server({ SESSION_SECRET: NEW, TAROT_DRAW_SECRET: OLD });
    expect(await drawOf(settled.app, token)).toBe(draw);
    expect((await apiClient(settled.app).call(getMyProfileRoute, bearer(token))).status).toBe(200);
    expect(await signInByCode(settled.app, "later@example.com")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const app of [before, after, settled]) await app.limiter.close();
  });

  it("mid-roll, a code sent by a server already on the new secret signs in on one not yet restarted (step 2a)", async () => {
    // Step 2a: every server first accepts the new secret beside the old one, then step 2b switches them.
    const notYet = server({ SESSION_SECRET: OLD, SESSION_SECRET_PREVIOUS: NEW, TAROT_DRAW_SECRET: OLD });
    const switched = server({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD, TAROT_DRAW_SECRET: OLD });
    expect((await sendCode(switched.app, "mid-roll@example.com")).status).toBe(200);
    const sentByNew = await latestCode(switched.app, "mid-roll@example.com");
    const onOld = await apiClient(notYet.app).call(signInRoute, {
      body: { email: "mid-roll@example.com", code: sentByNew, type: "code" },
    });
    expect(onOld.status).toBe(200);
    // And the other way round, as in the first test: sent by the old one, entered on the switched one.
    expect((await sendCode(notYet.app, "mid-roll-2@example.com")).status).toBe(200);
    const sentByOld = await latestCode(notYet.app, "mid-roll-2@example.com");
    const onNew = await apiClient(switched.app).call(signInRoute, {
      body: { email: "mid-roll-2@example.com", code: sentByOld, type: "code" },
    });
    expect(onNew.status).toBe(200);
    // Without step 2a, a server still on the old secret alone refuses the new server's code.
    const skipped = server({ SESSION_SECRET: OLD, TAROT_DRAW_SECRET: OLD });
    expect((await sendCode(switched.app, "skipped@example.com")).status).toBe(200);
    const refused = await apiClient(skipped.app).call(signInRoute, {
      body: { email: "skipped@example.com", code: await latestCode(switched.app, "skipped@example.com"), type: "code" },
    });
    expect(refused.status).toBe(400);
    for (const app of [notYet, switched, skipped]) await app.limiter.close();
  });

  it("without SESSION_SECRET_PREVIOUS a code sent before the rotation is refused (what the grace is for)", async () => {
    const before = server({ SESSION_SECRET: OLD });
    await sendCode(before.app, "graceless@example.com");
    const code = await latestCode(before.app, "graceless@example.com");
    const after = server({ SESSION_SECRET: NEW });
    const refused = await apiClient(after.app).call(signInRoute, {
      body: { email: "graceless@example.com", code, type: "code" },
    });
    expect(refused.status).toBe(400);
    for (const app of [before, after]) await app.limiter.close();
  });
});
