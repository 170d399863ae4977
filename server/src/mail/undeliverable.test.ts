import type { AddressInfo } from "node:net";
import { sendSignInCodeRoute } from "@arcana/protocol";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../test/api-client.js";
import { createTestApp, productionEnv } from "../test/app.js";

/**
 * A real SMTP peer that refuses some recipients: for good (5xx: the address does not exist) or for now (4xx). The
 * server under test sends through SMTP_URL, as in production.
 */
let smtp: SMTPServer;
let t: Awaited<ReturnType<typeof createTestApp>>;
const delivered: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("gone@")) {
        callback(Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 }));
      } else if (address.address.startsWith("full@")) {
        callback(Object.assign(new Error("4.2.2 mailbox full, try later"), { responseCode: 452 }));
      } else callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ env: { ...productionEnv, SMTP_URL: `smtp://127.0.0.1:${port}` } });
}, 60_000);

afterAll(async () => {
  await t?.dispose();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const sendCode = (email: string) => apiClient(t.app).unchecked(sendSignInCodeRoute, { body: { email } });

describe("a sign-in code the mail server refuses", () => {
  it("is delivered to an address the mail server accepts", async () => {
    const res = await sendCode("member@example.com");
    expect(res.status).toBe(200);
    expect(delivered).toContain("member@example.com");
  });

  it("answers 422 email_undeliverable when the mail server refuses the address for good (550), not 503", async () => {
    const res = await sendCode("gone@example.com");
    expect(res.status).toBe(422);
    expect(res.headers.get("retry-after")).toBeNull();
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("email_undeliverable");
    expect(error.message).toMatch(/refused this address/);
    expect(delivered).not.toContain("gone@example.com");
  });

  it("still answers 503 naming SMTP when the refusal is for now (4xx): trying later may work", async () => {
    const res = await sendCode("full@example.com");
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string; dependency: string } }).error).toMatchObject({
      code: "dependency_unavailable",
      dependency: "smtp",
    });
  });

  it("lets the member ask again at once: no 60 s wait after a code that never left", async () => {
    expect((await sendCode("gone@example.com")).status).toBe(422);
    expect((await sendCode("gone@example.com")).status).toBe(422);
  });
});
