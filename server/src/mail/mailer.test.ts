import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { createTransportMailer } from "./mailer.js";

describe("finding 1: the mailer is handed the stored address as an address object", () => {
  it("sends to exactly the one mailbox it was given, in the envelope and the To header", async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const envelopes: Array<{ to: string[]; header: string }> = [];
    const mailer = createTransportMailer(
      {
        sendMail: async (options) => {
          const info = await transport.sendMail(options);
          const raw = info.message.toString();
          envelopes.push({ to: info.envelope.to, header: raw.match(/^To: (.*)$/m)?.[1] ?? "" });
          return info;
        },
      },
      "Arcana <no-reply@arcana.test>",
    );
    await mailer.send({ to: "t@v.test", subject: "123456 is your code", text: "123456", html: "<p>123456</p>" });
    expect(envelopes).toEqual([{ to: ["t@v.test"], header: "t@v.test" }]);
  });
});

describe("a stable Message-ID (streak reminders)", () => {
  it("puts the given Message-ID in the message, and a random one when none is given", async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const ids: string[] = [];
    const mailer = createTransportMailer(
      {
        sendMail: async (options) => {
          const info = await transport.sendMail(options);
          ids.push(
            info.message
              .toString()
              .match(/^Message-ID: (.*)$/im)?.[1]
              ?.trim() ?? "",
          );
          return info;
        },
      },
      "Arcana <no-reply@arcana.test>",
    );
    const message = { to: "t@v.test", subject: "s", text: "t", html: "<p>t</p>" };
    await mailer.send({ ...message, messageId: "<reminder.20000.abc@arcana.example>" });
    await mailer.send({ ...message, messageId: "<reminder.20000.abc@arcana.example>" });
    await mailer.send(message);
    expect(ids.slice(0, 2)).toEqual(["<reminder.20000.abc@arcana.example>", "<reminder.20000.abc@arcana.example>"]);
    expect(ids[2]).toMatch(/^<[^>]+@[^>]+>$/);
    expect(ids[2]).not.toBe(ids[0]);
  });
});
