import {
  getMyProfileRoute,
  listDevMailboxRoute,
  sendSignInCodeRoute,
  signInRoute,
  signOutRoute,
} from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { apiClient, dataOf, pathOf } from "../../test/api-client.js";
import { capturingMailer, createTestApp, latestCode, productionEnv, signInByCode } from "../../test/app.js";
import { authTestApp } from "../../test/auth.js";

// Each test speaks from its own address (freshIp) so per-IP limits don't leak between tests (typed
// calls take extra headers as their caller's).
const { clock, t, api, freshIp } = authTestApp("203.0.113");

const bearer = (token: string) => ({ auth: { authorization: `Bearer ${token}` } });

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; retry_after?: number } }).error;
}

describe("POST /send_code", () => {
  it("refuses a malformed address with invalid_email", async () => {
    const res = await api.unchecked(sendSignInCodeRoute, {
      body: { email: "not-an-address", check_email: true },
      headers: freshIp(),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_email");
  });

  it("refuses a body that is not the documented shape without a 500", async () => {
    const res = await api.unchecked(sendSignInCodeRoute, { body: { mail: 3 }, headers: freshIp() });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("bad_request");
    // Not JSON at all, which the client cannot send: the request is written by hand.
    const garbage = await t.app.request(pathOf(sendSignInCodeRoute), {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(garbage.status).toBe(400);
  });

  it("mails a 6-digit code with its expiry, as HTML and text", async () => {
    const res = await api.call(sendSignInCodeRoute, {
      body: { email: "  Mail@Example.com ", check_email: true },
      auth: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { sent: true, resend_after: 60, expires_in: 600 } });
    const mails = await api.data(listDevMailboxRoute, { query: { to: "mail@example.com" } });
    expect(mails[0]?.to).toBe("mail@example.com");
    expect(mails[0]?.subject).toMatch(/^\d{6} is your Arcana sign-in code$/);
    expect(mails[0]?.text).toContain("expires in 10 minutes");
  });

  it("writes the code e-mail in the language chosen in the app, else in the browser's", async () => {
    const mailTo = async (email: string) => (await api.data(listDevMailboxRoute, { query: { to: email } }))[0];
    await api.call(sendSignInCodeRoute, {
      body: { email: "korean@example.com" },
      auth: { "accept-language": "ko-KR,ko;q=0.9", ...freshIp() },
    });
    const korean = await mailTo("korean@example.com");
    expect(korean?.subject).toMatch(/^\d{6} — Arcana 로그인 코드$/);
    expect(korean?.text).toContain("10분 후에 만료되며");
    await api.call(sendSignInCodeRoute, {
      body: { email: "japanese@example.com" },
      auth: { "accept-language": "ko", cookie: "arcana_lang=ja", ...freshIp() },
    });
    expect((await mailTo("japanese@example.com"))?.text).toContain("有効期限は 10 分");
  });

  it("answers the same for an address with and without an account", async () => {
    await signInByCode(t.app, "member@example.com");
    clock.advance(61_000);
    const known = await api.call(sendSignInCodeRoute, {
      body: { email: "member@example.com", check_email: true },
      auth: freshIp(),
    });
    const unknown = await api.call(sendSignInCodeRoute, {
      body: { email: "stranger@example.com", check_email: true },
      auth: freshIp(),
    });
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
  });

  it("allows one code per address per 60 s, and a new code replaces the old one", async () => {
    const ip = freshIp();
    await api.call(sendSignInCodeRoute, { body: { email: "resend@example.com" }, auth: ip });
    const first = await latestCode(t.app, "resend@example.com");
    const again = await api.call(sendSignInCodeRoute, { body: { email: "resend@example.com" }, auth: ip });
    expect(again.status).toBe(429);
    const error = await errorOf(again);
    expect(error.code).toBe("too_many_requests");
    expect(error.retry_after).toBeGreaterThan(0);
    expect(error.retry_after).toBeLessThanOrEqual(60);

    clock.advance(60_001);
    expect((await api.call(sendSignInCodeRoute, { body: { email: "resend@example.com" }, auth: ip })).status).toBe(200);
    const second = await latestCode(t.app, "resend@example.com");
    if (second !== first) {
      const old = await api.call(signInRoute, { body: { email: "resend@example.com", code: first, type: "code" } });
      expect((await errorOf(old)).code).toBe("invalid_code");
    }
    const ok = await api.call(signInRoute, { body: { email: "resend@example.com", code: second, type: "code" } });
    expect(ok.status).toBe(200);
  });

  it("limits how many codes one network may request per hour", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await api.call(sendSignInCodeRoute, { body: { email: `flood${i}@example.com` }, auth: ip })).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("POST /sign_in with a code", () => {
  it("creates the account on first sign-in, returns a token and sets the session cookie", async () => {
    await api.call(sendSignInCodeRoute, { body: { email: "new@example.com" }, auth: freshIp() });
    const res = await api.call(signInRoute, {
      body: {
        email: "new@example.com",
        code: await latestCode(t.app, "new@example.com"),
        type: "code",
      },
    });
    expect(res.status).toBe(200);
    const data = await dataOf(signInRoute, res);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({
      email: "new@example.com",
      pts: 0,
      type: "free",
      is_active: true,
      // An active free member is shown at gold (spec §4).
      display_level: "gold",
      wallet_address: null,
      solana_address: null,
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^arcana_session=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
  });

  it("accepts a code once", async () => {
    await api.call(sendSignInCodeRoute, { body: { email: "once@example.com" }, auth: freshIp() });
    const code = await latestCode(t.app, "once@example.com");
    expect((await api.call(signInRoute, { body: { email: "once@example.com", code, type: "code" } })).status).toBe(200);
    const reuse = await api.call(signInRoute, { body: { email: "once@example.com", code, type: "code" } });
    expect(reuse.status).toBe(400);
    expect((await errorOf(reuse)).code).toBe("invalid_code");
  });

  it("refuses a code after 10 minutes", async () => {
    await api.call(sendSignInCodeRoute, { body: { email: "late@example.com" }, auth: freshIp() });
    const code = await latestCode(t.app, "late@example.com");
    clock.advance(10 * 60_000 + 1);
    const res = await api.call(signInRoute, { body: { email: "late@example.com", code, type: "code" } });
    expect((await errorOf(res)).code).toBe("code_expired");
  });

  it("kills the code after 5 wrong tries, even for the right code afterwards", async () => {
    const ip = freshIp();
    await api.call(sendSignInCodeRoute, { body: { email: "guess@example.com" }, auth: ip });
    const code = await latestCode(t.app, "guess@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.call(signInRoute, {
        body: { email: "guess@example.com", code: wrong, type: "code" },
        auth: ip,
      });
      const error = await errorOf(res);
      messages.push(`${error.code}: ${error.message}`);
    }
    expect(messages[0]).toBe("invalid_code: That code is not right. 4 tries left.");
    expect(messages[3]).toBe("invalid_code: That code is not right. 1 try left.");
    expect(messages[4]).toMatch(/^code_locked: Too many wrong tries/);
    const right = await api.call(signInRoute, { body: { email: "guess@example.com", code, type: "code" }, auth: ip });
    expect((await errorOf(right)).code).toBe("code_locked");
  });

  it("tells a member to type the 6 digits when the code is not 6 digits", async () => {
    const res = await api.call(signInRoute, { body: { email: "x@example.com", code: "12a", type: "code" } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: "invalid_code",
      message: "Enter the 6-digit code from the e-mail.",
    });
  });
});

describe("a stranger guessing sign-in codes", () => {
  const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
  const guess = async (email: string, code: string, from: Record<string, string>) =>
    api.call(signInRoute, { body: { email, code, type: "code" }, auth: from });

  /** The stranger's attack: ask for a code, send 5 wrong codes; a minute later, again. */
  async function strangerGuessesTwice(email: string, stranger: Record<string, string>): Promise<string[]> {
    const answers: string[] = [];
    for (let round = 0; round < 2; round++) {
      if (round > 0) clock.advance(61_000);
      expect((await api.call(sendSignInCodeRoute, { body: { email }, auth: stranger })).status).toBe(200);
      // The stranger never sees the code (it goes to the owner's inbox); any 6 digits are a guess.
      for (let i = 0; i < 5; i++) answers.push((await errorOf(await guess(email, "000000", stranger))).code);
    }
    return answers;
  }

  it("uses up only the stranger's own codes: the owner's fresh code still signs them in", async () => {
    const email = "locked-out-by-a-stranger@example.com";
    await signInByCode(t.app, email);
    const stranger = freshIp();
    const answers = await strangerGuessesTwice(email, stranger);
    // Each of the stranger's codes dies after 5 tries (the stranger may once have guessed right: 10 in 10^6).
    expect(answers.filter((code) => code === "code_locked")).toHaveLength(2);

    clock.advance(61_000);
    const owner = freshIp();
    expect((await api.call(sendSignInCodeRoute, { body: { email }, auth: owner })).status).toBe(200);
    const signedIn = await guess(email, await latestCode(t.app, email), owner);
    expect(signedIn.status).toBe(200);
  });

  it("cannot spend a code already in the owner's inbox, however many times it guesses", async () => {
    const email = "code-in-the-inbox@example.com";
    const owner = freshIp();
    expect((await api.call(sendSignInCodeRoute, { body: { email }, auth: owner })).status).toBe(200);
    const ownersCode = await latestCode(t.app, email);
    const stranger = freshIp();
    await strangerGuessesTwice(email, stranger);
    // More guesses, from the stranger (its codes used up) or other networks: refused before any code is compared.
    for (const from of [stranger, freshIp(), freshIp()]) {
      expect((await guess(email, wrongFor(ownersCode), from)).status).toBe(429);
    }
    const signedIn = await guess(email, ownersCode, owner);
    expect(signedIn.status).toBe(200);
  });

  it("gets at most 10 wrong codes an hour at an address, then one try per fresh code of its own", async () => {
    const email = "brute-forced@example.com";
    const stranger = freshIp();
    await strangerGuessesTwice(email, stranger);
    const refused = await guess(email, "000000", stranger);
    expect(refused.status).toBe(429);
    const error = await errorOf(refused);
    expect(error.message).toMatch(/^Too many wrong codes for this address\. Request a new code on this device/);
    expect(error.retry_after).toBeGreaterThan(0);
    expect(error.retry_after).toBeLessThanOrEqual(3600);

    // A third code of the stranger's own: its first try is a guess, its second waits for the hour.
    clock.advance(61_000);
    await api.call(sendSignInCodeRoute, { body: { email }, auth: stranger });
    const third = await latestCode(t.app, email);
    expect((await errorOf(await guess(email, wrongFor(third), stranger))).code).toBe("invalid_code");
    expect((await guess(email, third, stranger)).status).toBe(429);

    clock.advance(3600_000);
    await api.call(sendSignInCodeRoute, { body: { email }, auth: stranger });
    expect((await guess(email, await latestCode(t.app, email), stranger)).status).toBe(200);
  });

  it("gets at most 10 codes an hour mailed to an address, and one a minute from a network", async () => {
    const email = "mailed-too-often@example.com";
    const first = freshIp();
    expect((await api.call(sendSignInCodeRoute, { body: { email }, auth: first })).status).toBe(200);
    const again = await api.call(sendSignInCodeRoute, { body: { email }, auth: first });
    expect(again.status).toBe(429);
    expect((await errorOf(again)).message).toMatch(/A code was just sent to this address/);
    let last = first;
    for (let i = 1; i < 10; i++) {
      // A second apart, so the newest e-mail is the last code's.
      clock.advance(1_000);
      last = freshIp();
      expect((await api.call(sendSignInCodeRoute, { body: { email }, auth: last })).status).toBe(200);
    }
    const eleventh = await api.call(sendSignInCodeRoute, { body: { email }, auth: freshIp() });
    expect(eleventh.status).toBe(429);
    expect((await errorOf(eleventh)).message).toMatch(/Too many codes were sent to this address in the last hour/);
    // The codes already mailed still sign the owner in, on the network that asked for them.
    expect((await guess(email, await latestCode(t.app, email), last)).status).toBe(200);
  });

  it("limits code sign-ins per network, whichever addresses they name", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await api.call(signInRoute, {
        body: { email: `net-${i}@example.com`, code: "123456", type: "code" },
        auth: ip,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("sessions", () => {
  it("knows the member by bearer token or cookie, and nobody without one", async () => {
    const token = await signInByCode(t.app, "session@example.com");
    expect((await api.call(getMyProfileRoute)).status).toBe(401);
    const byBearer = await api.call(getMyProfileRoute, bearer(token));
    expect(byBearer.status).toBe(200);
    // The answer as sent: read through its schema, a field the schema does not know would not show.
    const { data } = (await byBearer.json()) as { data: Record<string, unknown> };
    expect(Object.keys(data).sort()).toEqual(
      [
        "display_level",
        "email",
        "has_password",
        "language",
        "is_active",
        "level",
        "member_since",
        "pts",
        "solana_address",
        "type",
        "uid",
        "wallet_address",
      ].sort(),
    );
    const byCookie = await api.call(getMyProfileRoute, { auth: { cookie: `arcana_session=${token}` } });
    expect(byCookie.status).toBe(200);
    const lastCharacter = token.endsWith("A") ? "B" : "A";
    const forged = await api.call(getMyProfileRoute, bearer(`${token.slice(0, -1)}${lastCharacter}`));
    expect(forged.status).toBe(401);
    expect((await errorOf(forged)).code).toBe("unauthenticated");
  });

  it("ends the session on sign-out, on the server", async () => {
    const token = await signInByCode(t.app, "bye@example.com");
    const res = await api.call(signOutRoute, bearer(token));
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/arcana_session=;/);
    expect((await api.call(getMyProfileRoute, bearer(token))).status).toBe(401);
  });

  it("expires a session after 30 days", async () => {
    const token = await signInByCode(t.app, "old@example.com");
    clock.advance(30 * 24 * 3600_000 + 1000);
    expect((await api.call(getMyProfileRoute, bearer(token))).status).toBe(401);
  });

  it("refuses a cookie-authenticated write from a foreign origin, but not from our own", async () => {
    const token = await signInByCode(t.app, "csrf@example.com");
    const cookie = `arcana_session=${token}`;
    const foreign = await api.call(signOutRoute, { auth: { cookie, origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).code).toBe("foreign_origin");
    const crossSite = await api.call(signOutRoute, { auth: { cookie, "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const own = await api.call(signOutRoute, { auth: { cookie, origin: "http://localhost" } });
    expect(own.status).toBe(200);
  });
});

describe("production", () => {
  it("uses a Secure __Host- session cookie and has no dev mailbox", async () => {
    const { mailer, sent } = capturingMailer();
    const prod = await createTestApp({ env: productionEnv, mailer });
    const prodApi = apiClient(prod.app);
    try {
      await prodApi.call(sendSignInCodeRoute, { body: { email: "prod@example.com" } });
      const code = sent[0]?.subject.slice(0, 6) ?? "";
      const res = await prodApi.call(signInRoute, { body: { email: "prod@example.com", code, type: "code" } });
      expect(res.status).toBe(200);
      const cookie = res.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^__Host-arcana_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain("Secure");
      expect(cookie).toContain("HttpOnly");
      expect(cookie).not.toContain("Domain");
      expect((await prodApi.call(listDevMailboxRoute, { query: {} })).status).toBe(404);
    } finally {
      await prod.dispose();
    }
  });
});
