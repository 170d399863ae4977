import { describe, expect, it } from "vitest";
import { capturingMailer, createTestApp, latestCode, postJson, productionEnv, signInByCode } from "../../test/app.js";
import { authTestApp } from "../../test/auth.js";

// Each test speaks from its own address (freshIp) so per-IP limits don't leak between tests.
const { clock, t, freshIp } = authTestApp("203.0.113");

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; retry_after?: number } }).error;
}

describe("POST /send_code", () => {
  it("refuses a malformed address with invalid_email", async () => {
    const res = await postJson(t.app, "/api/send_code", { email: "not-an-address", check_email: true }, freshIp());
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_email");
  });

  it("refuses a body that is not the documented shape without a 500", async () => {
    const res = await postJson(t.app, "/api/send_code", { mail: 3 }, freshIp());
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("bad_request");
    const garbage = await t.app.request("/api/send_code", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(garbage.status).toBe(400);
  });

  it("mails a 6-digit code with its expiry, as HTML and text", async () => {
    const res = await postJson(t.app, "/api/send_code", { email: "  Mail@Example.com ", check_email: true }, freshIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { sent: true, resend_after: 60, expires_in: 600 } });
    const mails = (await (await t.app.request("/api/dev/mailbox?to=mail@example.com")).json()) as {
      data: Array<{ to: string; subject: string; text: string }>;
    };
    expect(mails.data[0]?.to).toBe("mail@example.com");
    expect(mails.data[0]?.subject).toMatch(/^\d{6} is your Arcana sign-in code$/);
    expect(mails.data[0]?.text).toContain("expires in 10 minutes");
  });

  it("writes the code e-mail in the language chosen in the app, else in the browser's", async () => {
    const mailTo = async (email: string) =>
      (
        (await (await t.app.request(`/api/dev/mailbox?to=${email}`)).json()) as {
          data: Array<{ subject: string; text: string }>;
        }
      ).data[0];
    await t.app.request("/api/send_code", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "ko-KR,ko;q=0.9", ...freshIp() },
      body: JSON.stringify({ email: "korean@example.com" }),
    });
    const korean = await mailTo("korean@example.com");
    expect(korean?.subject).toMatch(/^\d{6} — Arcana 로그인 코드$/);
    expect(korean?.text).toContain("10분 후에 만료되며");
    await t.app.request("/api/send_code", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "ko", cookie: "arcana_lang=ja", ...freshIp() },
      body: JSON.stringify({ email: "japanese@example.com" }),
    });
    expect((await mailTo("japanese@example.com"))?.text).toContain("有効期限は 10 分");
  });

  it("answers the same for an address with and without an account", async () => {
    await signInByCode(t.app, "member@example.com");
    clock.advance(61_000);
    const known = await postJson(
      t.app,
      "/api/send_code",
      { email: "member@example.com", check_email: true },
      freshIp(),
    );
    const unknown = await postJson(
      t.app,
      "/api/send_code",
      { email: "stranger@example.com", check_email: true },
      freshIp(),
    );
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
  });

  it("allows one code per address per 60 s, and a new code replaces the old one", async () => {
    const ip = freshIp();
    await postJson(t.app, "/api/send_code", { email: "resend@example.com" }, ip);
    const first = await latestCode(t.app, "resend@example.com");
    const again = await postJson(t.app, "/api/send_code", { email: "resend@example.com" }, ip);
    expect(again.status).toBe(429);
    const error = await errorOf(again);
    expect(error.code).toBe("too_many_requests");
    expect(error.retry_after).toBeGreaterThan(0);
    expect(error.retry_after).toBeLessThanOrEqual(60);

    clock.advance(60_001);
    expect((await postJson(t.app, "/api/send_code", { email: "resend@example.com" }, ip)).status).toBe(200);
    const second = await latestCode(t.app, "resend@example.com");
    if (second !== first) {
      const old = await postJson(t.app, "/api/sign_in", { email: "resend@example.com", code: first, type: "code" });
      expect((await errorOf(old)).code).toBe("invalid_code");
    }
    const ok = await postJson(t.app, "/api/sign_in", { email: "resend@example.com", code: second, type: "code" });
    expect(ok.status).toBe(200);
  });

  it("limits how many codes one network may request per hour", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await postJson(t.app, "/api/send_code", { email: `flood${i}@example.com` }, ip)).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("POST /sign_in with a code", () => {
  it("creates the account on first sign-in, returns a token and sets the session cookie", async () => {
    await postJson(t.app, "/api/send_code", { email: "new@example.com" }, freshIp());
    const res = await postJson(t.app, "/api/sign_in", {
      email: "new@example.com",
      code: await latestCode(t.app, "new@example.com"),
      type: "code",
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { token: string; user: Record<string, unknown> } };
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
    await postJson(t.app, "/api/send_code", { email: "once@example.com" }, freshIp());
    const code = await latestCode(t.app, "once@example.com");
    expect((await postJson(t.app, "/api/sign_in", { email: "once@example.com", code, type: "code" })).status).toBe(200);
    const reuse = await postJson(t.app, "/api/sign_in", { email: "once@example.com", code, type: "code" });
    expect(reuse.status).toBe(400);
    expect((await errorOf(reuse)).code).toBe("invalid_code");
  });

  it("refuses a code after 10 minutes", async () => {
    await postJson(t.app, "/api/send_code", { email: "late@example.com" }, freshIp());
    const code = await latestCode(t.app, "late@example.com");
    clock.advance(10 * 60_000 + 1);
    const res = await postJson(t.app, "/api/sign_in", { email: "late@example.com", code, type: "code" });
    expect((await errorOf(res)).code).toBe("code_expired");
  });

  it("kills the code after 5 wrong tries, even for the right code afterwards", async () => {
    await postJson(t.app, "/api/send_code", { email: "guess@example.com" }, freshIp());
    const code = await latestCode(t.app, "guess@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await postJson(t.app, "/api/sign_in", { email: "guess@example.com", code: wrong, type: "code" });
      const error = await errorOf(res);
      messages.push(`${error.code}: ${error.message}`);
    }
    expect(messages[0]).toBe("invalid_code: That code is not right. 4 tries left.");
    expect(messages[3]).toBe("invalid_code: That code is not right. 1 try left.");
    expect(messages[4]).toMatch(/^code_locked: Too many wrong tries/);
    const right = await postJson(t.app, "/api/sign_in", { email: "guess@example.com", code, type: "code" });
    expect((await errorOf(right)).code).toBe("code_locked");
  });

  it("tells a member to type the 6 digits when the code is not 6 digits", async () => {
    const res = await postJson(t.app, "/api/sign_in", { email: "x@example.com", code: "12a", type: "code" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: "invalid_code",
      message: "Enter the 6-digit code from the e-mail.",
    });
  });
});

describe("finding 2: sign-in codes cannot be guessed across resends", () => {
  it("caps wrong codes per address at 10 an hour across new codes, tells the member when to come back, then lets them in", async () => {
    const email = "guessed-across-resends@example.com";
    const ip = freshIp();
    const answers: string[] = [];
    for (let round = 0; round < 2; round++) {
      if (round > 0) clock.advance(61_000);
      await postJson(t.app, "/api/send_code", { email }, ip);
      const code = await latestCode(t.app, email);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) {
        answers.push(
          (await errorOf(await postJson(t.app, "/api/sign_in", { email, code: wrong, type: "code" }, ip))).code,
        );
      }
    }
    expect(answers.filter((code) => code === "invalid_code")).toHaveLength(8);
    // A third code, and even the right one, waits for the cool-down.
    clock.advance(61_000);
    await postJson(t.app, "/api/send_code", { email }, ip);
    const right = await latestCode(t.app, email);
    const refused = await postJson(t.app, "/api/sign_in", { email, code: right, type: "code" }, ip);
    expect(refused.status).toBe(429);
    const error = await errorOf(refused);
    expect(error.message).toMatch(/Too many wrong codes for this address\. Try again in \d+ minutes/);
    expect(error.retry_after).toBeGreaterThan(0);
    expect(error.retry_after).toBeLessThanOrEqual(3600);
    clock.advance(3600_000);
    await postJson(t.app, "/api/send_code", { email }, ip);
    const later = await postJson(
      t.app,
      "/api/sign_in",
      { email, code: await latestCode(t.app, email), type: "code" },
      ip,
    );
    expect(later.status).toBe(200);
  });

  it("limits code sign-ins per network, whichever addresses they name", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await postJson(
        t.app,
        "/api/sign_in",
        { email: `net-${i}@example.com`, code: "123456", type: "code" },
        ip,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("sessions", () => {
  it("knows the member by bearer token or cookie, and nobody without one", async () => {
    const token = await signInByCode(t.app, "session@example.com");
    expect((await t.app.request("/api/users/mine")).status).toBe(401);
    const byBearer = await t.app.request("/api/users/mine", { headers: { authorization: `Bearer ${token}` } });
    expect(byBearer.status).toBe(200);
    const { data } = (await byBearer.json()) as { data: Record<string, unknown> };
    expect(Object.keys(data).sort()).toEqual(
      [
        "display_level",
        "email",
        "has_password",
        "language",
        "is_active",
        "level",
        "pts",
        "solana_address",
        "type",
        "uid",
        "wallet_address",
      ].sort(),
    );
    const byCookie = await t.app.request("/api/users/mine", { headers: { cookie: `arcana_session=${token}` } });
    expect(byCookie.status).toBe(200);
    const lastCharacter = token.endsWith("A") ? "B" : "A";
    const forged = await t.app.request("/api/users/mine", {
      headers: { authorization: `Bearer ${token.slice(0, -1)}${lastCharacter}` },
    });
    expect(forged.status).toBe(401);
    expect((await errorOf(forged)).code).toBe("unauthenticated");
  });

  it("ends the session on sign-out, on the server", async () => {
    const token = await signInByCode(t.app, "bye@example.com");
    const res = await postJson(t.app, "/api/sign_out", {}, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/arcana_session=;/);
    expect((await t.app.request("/api/users/mine", { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );
  });

  it("expires a session after 30 days", async () => {
    const token = await signInByCode(t.app, "old@example.com");
    clock.advance(30 * 24 * 3600_000 + 1000);
    expect((await t.app.request("/api/users/mine", { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );
  });

  it("refuses a cookie-authenticated write from a foreign origin, but not from our own", async () => {
    const token = await signInByCode(t.app, "csrf@example.com");
    const cookie = `arcana_session=${token}`;
    const foreign = await postJson(t.app, "/api/sign_out", {}, { cookie, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).code).toBe("foreign_origin");
    const crossSite = await postJson(t.app, "/api/sign_out", {}, { cookie, "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const own = await postJson(t.app, "/api/sign_out", {}, { cookie, origin: "http://localhost" });
    expect(own.status).toBe(200);
  });
});

describe("production", () => {
  it("uses a Secure __Host- session cookie and has no dev mailbox", async () => {
    const { mailer, sent } = capturingMailer();
    const prod = await createTestApp({ env: productionEnv, mailer });
    try {
      await postJson(prod.app, "/api/send_code", { email: "prod@example.com" });
      const code = sent[0]?.subject.slice(0, 6) ?? "";
      const res = await postJson(prod.app, "/api/sign_in", { email: "prod@example.com", code, type: "code" });
      expect(res.status).toBe(200);
      const cookie = res.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^__Host-arcana_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain("Secure");
      expect(cookie).toContain("HttpOnly");
      expect(cookie).not.toContain("Domain");
      expect((await prod.app.request("/api/dev/mailbox")).status).toBe(404);
    } finally {
      await prod.dispose();
    }
  });
});
