import { domainToASCII } from "node:url";
import {
  getMyProfileRoute,
  listDevMailboxRoute,
  normalizeEmail,
  sendSignInCodeRoute,
  signInRoute,
} from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { latestCode } from "../../test/app.js";
import { authTestApp } from "../../test/auth.js";
import { parseAllowlistEntry } from "../passes/service.js";

// Each call speaks from its own address (freshIp) so per-IP limits don't leak between tests (typed
// calls take extra headers as their caller's).
const { clock, t, api, freshIp } = authTestApp("198.51.100");

async function refusal(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return [res.status, body.error.code] as const;
}

async function mailsTo(to: string) {
  return api.data(listDevMailboxRoute, { query: { to } });
}

/** The addresses of the finding: each one a separate account that received another inbox's codes. */
const mailerTricks = ["x<t@v.test>", "t@v.test(a)", "grp:t@v.test;", "a@b.test,other"];
const bidi = "t\u202E@v.test";

describe("finding 1: only a bare local@domain is an e-mail address", () => {
  it("refuses the display name, comment, group and list forms and a bidi override, on every call that takes one", async () => {
    for (const email of [...mailerTricks, bidi, "t@v.test\u200F", '"t"@v.test', "t@[127.0.0.1]"]) {
      const sent = await api.unchecked(sendSignInCodeRoute, { body: { email }, headers: freshIp() });
      expect(await refusal(sent), email).toEqual([400, "invalid_email"]);
      const byCode = await api.unchecked(signInRoute, {
        body: { type: "code", email, code: "123456" },
        headers: freshIp(),
      });
      expect(await refusal(byCode), email).toEqual([400, "invalid_email"]);
      const byPassword = await api.unchecked(signInRoute, {
        body: { type: "password", email, password: "moonlit tarot deck" },
        headers: freshIp(),
      });
      expect(await refusal(byPassword), email).toEqual([400, "invalid_email"]);
    }
    // Nothing was mailed to the inboxes the tricks named.
    expect(await mailsTo("t@v.test")).toEqual([]);
    expect(await mailsTo("a@b.test")).toEqual([]);
  });

  it("refuses addresses past RFC 5321's lengths", async () => {
    const longLocal = `${"a".repeat(65)}@v.test`;
    const longTotal = `a@${"b".repeat(60)}.${"f".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(60)}.test`;
    for (const email of [longLocal, longTotal]) {
      const res = await api.unchecked(sendSignInCodeRoute, { body: { email }, headers: freshIp() });
      expect(await refusal(res), email).toEqual([400, "invalid_email"]);
    }
  });

  it("keys one account per mailbox however it is typed (case, spaces, Unicode composition)", async () => {
    // "é" precomposed (NFC) and as e + combining acute (NFD) are one address.
    const composed = "ren\u00e9@v.test";
    const decomposed = "  RENE\u0301@V.TEST ";
    await api.data(sendSignInCodeRoute, { body: { email: composed }, auth: freshIp() });
    const code = await latestCode(t.app, composed);
    const signedIn = await api.data(signInRoute, {
      body: { type: "code", email: decomposed, code },
      auth: freshIp(),
    });
    expect(signedIn.user.email).toBe(composed);
    const mails = await mailsTo(composed);
    expect(mails.map((mail) => mail.to)).toEqual([composed]);
  });

  it("the one-code-per-address-per-minute rule cannot be bypassed by spelling the address another way", async () => {
    const inbox = "rate@v.test";
    const network = freshIp();
    const first = await api.call(sendSignInCodeRoute, { body: { email: inbox }, auth: network });
    expect(first.status).toBe(200);
    const spellings = ["RATE@v.test", " rate@V.TEST ", "rate@v.test\t", "Rate@v.Test"];
    for (const email of spellings) {
      const res = await api.call(sendSignInCodeRoute, { body: { email }, auth: network });
      expect(await refusal(res), email).toEqual([429, "too_many_requests"]);
    }
    for (const email of ["x<rate@v.test>", "rate@v.test(a)", "grp:rate@v.test;", "rate@v.test,other"]) {
      const res = await api.unchecked(sendSignInCodeRoute, { body: { email }, headers: freshIp() });
      expect(await refusal(res), email).toEqual([400, "invalid_email"]);
    }
    // One code reached the inbox, not five.
    expect(await mailsTo(inbox)).toHaveLength(1);
  });
});

describe("an internationalised domain", () => {
  const unicode = "alt@bücher.test";
  const punycode = "alt@xn--bcher-kva.test";

  it("is one account in its Unicode and punycode forms, for sign-up, sign-in, mail and the allowlist", async () => {
    const owner = freshIp();
    await api.data(sendSignInCodeRoute, { body: { email: unicode }, auth: owner });
    // The code went to the one key of that inbox, whichever form is asked for.
    expect((await mailsTo(unicode)).map((mail) => mail.to)).toEqual([punycode]);
    const signedUp = await api.data(signInRoute, {
      body: { type: "code", email: unicode, code: await latestCode(t.app, punycode) },
      auth: owner,
    });
    expect(signedUp.user.email).toBe(punycode);

    const other = freshIp();
    clock.advance(1_000);
    await api.data(sendSignInCodeRoute, { body: { email: punycode }, auth: other });
    // The one-code-a-minute rule is the inbox's, in both spellings.
    expect((await api.call(sendSignInCodeRoute, { body: { email: unicode }, auth: other })).status).toBe(429);
    const signedIn = await api.data(signInRoute, {
      body: { type: "code", email: punycode, code: await latestCode(t.app, unicode) },
      auth: other,
    });
    expect(signedIn.user.uid).toBe(signedUp.user.uid);
    const profile = await api.data(getMyProfileRoute, { auth: { authorization: `Bearer ${signedIn.token}` } });
    expect(profile.uid).toBe(signedUp.user.uid);

    // The operator's allowlist keys the same inbox the same way.
    expect(parseAllowlistEntry(" Alt@BÜCHER.test ")).toEqual({ entry: punycode, kind: "email" });
  });

  it("is converted exactly as node:url's domainToASCII (UTS-46) converts it", () => {
    for (const domain of [
      "bücher.test",
      "straße.de",
      "日本.jp",
      "ｅｘａｍｐｌｅ.com",
      "b\u0308ucher.test",
      "xn--wgv71a.jp",
    ]) {
      expect(normalizeEmail(`a@${domain}`), domain).toBe(`a@${domainToASCII(domain)}`);
    }
  });
});
