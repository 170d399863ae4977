import {
  changePasswordRoute,
  endSessionRoute,
  getMyProfileRoute,
  listSessionsRoute,
  sendSignInCodeRoute,
  signInRoute,
  signOutEverywhereRoute,
} from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import type { Caller } from "../../test/api-client.js";
import { latestCode } from "../../test/app.js";
import { authTestApp } from "../../test/auth.js";

const { clock, t, api, freshIp } = authTestApp("192.0.2");

/** A caller speaking from its own network, so per-IP limits don't leak between tests. */
function fromFreshIp(): Caller {
  return { auth: freshIp() };
}

async function refusal(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, code: body.error.code, message: body.error.message };
}

/** Mails a fresh code (a minute after the last one to this address) and reads it from the dev mailbox. */
async function freshCode(email: string): Promise<string> {
  clock.advance(61_000);
  await api.data(sendSignInCodeRoute, { body: { email }, ...fromFreshIp() });
  return latestCode(t.app, email);
}

/** Signs in by a fresh code (optionally setting a password); the caller of that session. */
async function signIn(email: string, newPassword?: string): Promise<Caller & { token: string }> {
  const code = await freshCode(email);
  const { token } = await api.data(signInRoute, {
    body: { type: "code", email, code, ...(newPassword === undefined ? {} : { new_password: newPassword }) },
    ...fromFreshIp(),
  });
  return { token, auth: { authorization: `Bearer ${token}` } };
}

async function signedIn(caller: Caller): Promise<boolean> {
  return (await api.call(getMyProfileRoute, caller)).status === 200;
}

async function passwordSignIn(email: string, password: string) {
  const auth = fromFreshIp().auth ?? {};
  return api.call(signInRoute, { body: { type: "password", email, password }, auth });
}

describe("passwords", () => {
  it("sets a password with a fresh code, signs in with it, and refuses a wrong one", async () => {
    const member = await signIn("pw@example.com");
    const code = await freshCode("pw@example.com");
    const short = await api.call(changePasswordRoute, { body: { code, new_password: "short" }, ...member });
    expect((await refusal(short)).message).toMatch(/at least 10/);
    const same = await api.call(changePasswordRoute, { body: { code, new_password: "PW@example.com" }, ...member });
    expect((await refusal(same)).message).toMatch(/cannot be your e-mail/);
    // A refused password did not use the code up.
    await api.data(changePasswordRoute, { body: { code, new_password: "moonlit tarot deck" }, ...member });

    expect((await passwordSignIn("pw@example.com", "moonlit tarot deck")).status).toBe(200);
    const wrong = await passwordSignIn("pw@example.com", "sunlit tarot deck");
    expect(wrong.status).toBe(401);
    const nobody = await passwordSignIn("nobody@example.com", "sunlit tarot deck");
    expect(await refusal(nobody)).toEqual(await refusal(wrong));
  });

  it("changes a password with the current one, and ends every other session", async () => {
    const first = await signIn("change@example.com", "first password here");
    const second = await signIn("change@example.com");
    const wrong = await api.call(changePasswordRoute, {
      body: { current_password: "not the password", new_password: "second password here" },
      ...second,
    });
    expect((await refusal(wrong)).code).toBe("invalid_credentials");
    await api.data(changePasswordRoute, {
      body: { current_password: "first password here", new_password: "second password here" },
      ...second,
    });
    expect(await signedIn(second)).toBe(true);
    expect(await signedIn(first)).toBe(false);
  });

  it("limits wrong passwords per account", async () => {
    await signIn("brute@example.com", "the real password");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await passwordSignIn("brute@example.com", `guess number ${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("finding 2: a stolen session cannot become a permanent takeover", () => {
  it("a session alone cannot set or change the password: it needs a fresh code or the current password", async () => {
    const thief = await signIn("victim@example.com");
    const setting = await api.call(changePasswordRoute, { body: { new_password: "thief's password 1" }, ...thief });
    expect(await refusal(setting)).toMatchObject({ status: 400, code: "invalid_code" });
    const guessed = await api.call(changePasswordRoute, {
      body: { code: "000000", new_password: "thief's password 1" },
      ...thief,
    });
    expect((await refusal(guessed)).status).toBe(400);
    expect((await api.data(getMyProfileRoute, thief)).has_password).toBe(false);

    // The owner sets one with a code from their inbox; then a session alone cannot change it either.
    const owner = await signIn("victim@example.com");
    await api.data(changePasswordRoute, {
      body: { code: await freshCode("victim@example.com"), new_password: "owner's password 1" },
      ...owner,
    });
    expect(await signedIn(thief)).toBe(false);
    const changing = await api.call(changePasswordRoute, { body: { new_password: "another password 1" }, ...owner });
    expect(await refusal(changing)).toMatchObject({ status: 401, code: "invalid_credentials" });
  });

  it("a code sign-in sets a new password (the forgotten-password path) and ends every other session", async () => {
    const thief = await signIn("forgot@example.com", "thief's password 1");
    expect(await signedIn(thief)).toBe(true);
    const owner = await signIn("forgot@example.com", "owner's new password");
    expect(await signedIn(owner)).toBe(true);
    expect(await signedIn(thief)).toBe(false);
    expect((await passwordSignIn("forgot@example.com", "thief's password 1")).status).toBe(401);
    expect((await passwordSignIn("forgot@example.com", "owner's new password")).status).toBe(200);
    // A password that breaks the rule is refused before the code is used.
    const code = await freshCode("forgot@example.com");
    const weak = await api.call(signInRoute, {
      body: { type: "code", email: "forgot@example.com", code, new_password: "short" },
      ...fromFreshIp(),
    });
    expect((await refusal(weak)).message).toMatch(/at least 10/);
    await api.data(signInRoute, { body: { type: "code", email: "forgot@example.com", code }, ...fromFreshIp() });
  });

  it("the member sees their sessions (device, last seen) and ends any of them", async () => {
    const email = "devices@example.com";
    clock.advance(61_000);
    await api.data(sendSignInCodeRoute, { body: { email }, ...fromFreshIp() });
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const { token } = await api.data(signInRoute, {
      body: { type: "code", email, code: await latestCode(t.app, email) },
      auth: { ...fromFreshIp().auth, "user-agent": firefox },
    });
    const laptop: Caller = { auth: { authorization: `Bearer ${token}` } };
    clock.advance(10 * 60_000);
    const phone = await signIn(email);

    const listed = await api.data(listSessionsRoute, phone);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ current: true });
    expect(listed[1]).toMatchObject({ current: false, browser: "Firefox", os: "Linux" });
    expect(Date.parse(listed[1]?.last_seen_at ?? "")).toBeLessThan(Date.parse(listed[0]?.last_seen_at ?? ""));

    const laptopId = listed[1]?.id ?? "";
    expect(await api.data(endSessionRoute, { params: { id: laptopId }, ...phone })).toEqual({ ended: 1 });
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
    // Ended, or someone else's: the same 404.
    const again = await api.call(endSessionRoute, { params: { id: laptopId }, ...phone });
    expect((await refusal(again)).status).toBe(404);
    const stranger = await signIn("stranger-devices@example.com");
    const foreign = await api.call(endSessionRoute, { params: { id: listed[0]?.id ?? "" }, ...stranger });
    expect((await refusal(foreign)).status).toBe(404);
    expect(await signedIn(phone)).toBe(true);
  });

  it("signs the member out everywhere, this session included", async () => {
    const one = await signIn("everywhere@example.com");
    const two = await signIn("everywhere@example.com");
    const res = await api.call(signOutEverywhereRoute, two);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/arcana_session=;/);
    expect(((await res.json()) as { data: { ended: number } }).data.ended).toBe(2);
    expect(await signedIn(one)).toBe(false);
    expect(await signedIn(two)).toBe(false);
  });
});
