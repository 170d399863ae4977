import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  getConfigRoute,
  getMyProfileRoute,
  listPointsHistoryRoute,
  sendSignInCodeRoute,
  signOutRoute,
} from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrandingError, parseBranding } from "./branding.js";
import { ConfigError, loadConfig } from "./config.js";
import { grantPoints, reverseCredit, spendPoints } from "./modules/ledger/points.js";
import { passMetadata } from "./modules/passes/pass-metadata.js";
import { apiClient, dataOf } from "./test/api-client.js";
import { capturingMailer, createTestApp, signInByCode } from "./test/app.js";

const scratch = mkdtempSync(path.join(tmpdir(), "arcana-branding-"));
const brandingFile = path.join(scratch, "branding.json");
writeFileSync(
  brandingFile,
  JSON.stringify({
    siteName: "Lumen Club",
    shortName: "Lumen",
    logo: "/brand/lumen.svg",
    themeColor: "#114477",
    links: { site: "https://lumen.example", social: [{ label: "X", url: "https://x.com/lumen" }] },
    pass: { description: "Lumen's membership pass." },
    email: { footer: "Lumen Club · 1 Harbour Road" },
  }),
);

describe("the branding file", () => {
  it("defaults to Arcana's own name and look", () => {
    const branding = loadConfig({ NODE_ENV: "test" }).branding;
    expect(branding).toMatchObject({ siteName: "Arcana", shortName: "Arcana", pass: { name: "Arcana Genesis Pass" } });
    expect(loadConfig({ NODE_ENV: "test" }).mail.from).toBe("Arcana <no-reply@arcana.local>");
  });

  it("stops the start naming each wrong setting by its JSON path, unknown settings included", () => {
    const wrongSettings = { themeColor: "blue", links: { social: [{ label: "X", url: "x.com" }] }, logoo: 1 };
    const problems = (() => {
      try {
        parseBranding(wrongSettings);
      } catch (error) {
        if (error instanceof BrandingError) return error.problems;
      }
      return [];
    })();
    expect(problems).toEqual([
      "themeColor: must be a colour like #2a1f57",
      "links.social[0].url: must be an http(s) URL",
      "unknown setting logoo",
    ]);
    const wrong = path.join(scratch, "wrong.json");
    writeFileSync(wrong, JSON.stringify({ siteName: "" }));
    expect(() => loadConfig({ NODE_ENV: "test", BRANDING_FILE: wrong })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "test", BRANDING_FILE: wrong })).toThrow(
      /BRANDING_FILE .*siteName: must not be empty/,
    );
  });
});

describe("a branded start", () => {
  const { mailer, sent } = capturingMailer();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { BRANDING_FILE: brandingFile }, mailer });
  });
  afterAll(async () => {
    await t.dispose();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("shows the brand, and nowhere Arcana, in the public config, the e-mails and the pass's metadata and artwork", async () => {
    const api = apiClient(t.app);
    const answer = await api.call(getConfigRoute);
    // Arcana is looked for in the branding as sent: read through its schema, a field it does not know would not show.
    const sentBranding = ((await answer.clone().json()) as { data: { branding: unknown } }).data.branding;
    const config = await dataOf(getConfigRoute, answer);
    expect(config.branding).toMatchObject({
      site_name: "Lumen Club",
      short_name: "Lumen",
      logo_url: "/brand/lumen.svg",
      theme_color: "#114477",
      pass_name: "Lumen Club Genesis Pass",
      links: { site: "https://lumen.example", docs: null, social: [{ label: "X", url: "https://x.com/lumen" }] },
    });
    expect(JSON.stringify(sentBranding)).not.toContain("Arcana");

    expect(t.config.mail.from).toBe("Lumen Club <no-reply@arcana.local>");
    await api.call(sendSignInCodeRoute, { body: { email: "member@lumen.example", check_email: true } });
    const mail = sent.at(-1);
    for (const part of [mail?.subject, mail?.text, mail?.html]) {
      expect(part).toContain("Lumen Club");
      expect(part).not.toContain("Arcana");
    }
    expect(mail?.text).toContain("Lumen Club · 1 Harbour Road");

    const manifest = (await (await t.app.request("/manifest.webmanifest")).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: "Lumen Club", short_name: "Lumen", theme_color: "#114477" });
    expect(JSON.stringify(manifest)).not.toContain("Arcana");

    const metadata = passMetadata(7, t.config.publicUrl, t.config.branding.pass);
    expect(metadata).toMatchObject({ name: "Lumen Club Genesis Pass #7", description: "Lumen's membership pass." });
    // The pass's artwork is an image the pass metadata links to, not a route of the contract.
    const artwork = await (await t.app.request("/api/nft/image.svg")).text();
    expect(artwork).toContain(">Lumen Club</text>");
    expect(artwork).not.toContain("Arcana");
  });

  it("names the brand, not Arcana, on the development mailbox page", async () => {
    const withMailbox = await createTestApp({ env: { BRANDING_FILE: brandingFile } });
    try {
      const mailbox = await (await withMailbox.app.request("/dev/mailbox")).text();
      expect(mailbox).toContain("<title>Development mailbox · Lumen Club</title>");
      expect(mailbox).not.toContain("Arcana");
    } finally {
      await withMailbox.dispose();
    }
  });
  it("names the brand, not Arcana, in the API's title, its refusals and a member's points history", async () => {
    const branded = await createTestApp({ env: { BRANDING_FILE: brandingFile } });
    const api = apiClient(branded.app);
    try {
      // The API's OpenAPI document and reference page are not routes of the contract.
      const document = (await (await branded.app.request("/api/openapi.json")).json()) as { info: { title: string } };
      expect(document.info.title).toBe("Lumen Club API");
      const reference = await (await branded.app.request("/api/docs")).text();
      expect(reference).toContain("Lumen Club API");
      expect(reference).not.toContain("Arcana");

      const token = await signInByCode(branded.app, "ledger@lumen.example");
      const foreign = await api.call(signOutRoute, {
        auth: { cookie: `arcana_session=${token}`, origin: "https://evil.example" },
      });
      expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe(
        "This request did not come from Lumen Club.",
      );

      const auth = { authorization: `Bearer ${token}` };
      const mine = await api.data(getMyProfileRoute, { auth });
      const db = branded.database.db;
      await grantPoints(db, { userId: mine.uid, kind: "grant", amount: 50, reference: "branded:grant" });
      await grantPoints(db, { userId: mine.uid, kind: "grant", amount: 5, reference: "branded:typo" });
      await db.transaction((tx) => reverseCredit(tx, { kind: "grant", reference: "branded:typo" }, "typo"));
      await spendPoints(db, { userId: mine.uid, kind: "deduction", amount: 10, reference: "branded:deduction" });
      const history = await api.data(listPointsHistoryRoute, { query: {}, auth });
      expect(history.items.map((item) => item.label)).toEqual([
        "Correction by the team",
        "Reversed: Bonus from the team",
        "Bonus from the team",
        "Bonus from the team",
      ]);
    } finally {
      await branded.dispose();
    }
  });
});
