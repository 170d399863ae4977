import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { defaultLanguage, type PublicBranding } from "@arcana/protocol";
import { z } from "zod";

const text = (max: number) =>
  z.string({ error: "must be text" }).trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
const link = z
  .string({ error: "must be a URL" })
  .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), "must be an http(s) URL");
// A path on this site (a file in web/public): the pages' CSP loads images from this origin only.
const image = z
  .string({ error: "must be a path" })
  .regex(/^\/[^\s"'<>]*$/, "must be a path on this site, e.g. /brand/logo.svg (a file in web/public)");
const colour = z.string({ error: "must be a colour" }).regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #2a1f57");

const brandingSchema = z.strictObject({
  siteName: text(60).default("Arcana"),
  shortName: text(12).default("Arcana"),
  description: text(300).default(
    "A loyalty app for Genesis Pass holders: daily check-ins, tarot, loot boxes and rewards.",
  ),
  logo: image.default("/favicon.svg"),
  icon: image.default("/favicon.svg"),
  /** The installed app's PNG icons (web/public/icons): 192 and 512 px, a maskable 512 px, Apple's 180 px. */
  appIcons: z
    .strictObject({
      png192: image.default("/icons/icon-192.png"),
      png512: image.default("/icons/icon-512.png"),
      maskable512: image.default("/icons/maskable-512.png"),
      appleTouch180: image.default("/icons/apple-touch-icon.png"),
    })
    .default({
      png192: "/icons/icon-192.png",
      png512: "/icons/icon-512.png",
      maskable512: "/icons/maskable-512.png",
      appleTouch180: "/icons/apple-touch-icon.png",
    }),
  themeColor: colour.default("#0a0920"),
  backgroundColor: colour.default("#0d0b1a"),
  links: z
    .strictObject({
      site: link.nullable().default(null),
      docs: link.nullable().default(null),
      social: z.array(z.strictObject({ label: text(40), url: link })).default([]),
    })
    .default({ site: null, docs: null, social: [] }),
  pass: z.strictObject({ name: text(60).optional(), description: text(500).optional() }).default({}),
  email: z.strictObject({ senderName: text(60).optional(), footer: text(500).optional() }).default({}),
});

/** The deployment's name and look: web titles, header, manifest, e-mails, the pass's metadata. */
export interface Branding {
  siteName: string;
  shortName: string;
  description: string;
  logo: string;
  icon: string;
  appIcons: { png192: string; png512: string; maskable512: string; appleTouch180: string };
  themeColor: string;
  backgroundColor: string;
  links: { site: string | null; docs: string | null; social: Array<{ label: string; url: string }> };
  pass: { name: string; description: string };
  email: { senderName: string; footer: string | null };
}

export class BrandingError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid branding file ${file}:\n${problems.map((p) => `  - ${path.basename(file)}: ${p}`).join("\n")}`);
    this.name = "BrandingError";
  }
}

/** Checks a branding file's contents: one problem per wrong setting, named by its JSON path; unknown settings refused. */
export function parseBranding(value: unknown, file = "branding.json"): Branding {
  const parsed = brandingSchema.safeParse(value);
  if (!parsed.success) {
    throw new BrandingError(
      file,
      parsed.error.issues.map((issue) => {
        const where = issue.path.reduce<string>(
          (at, key) => (typeof key === "number" ? `${at}[${key}]` : at ? `${at}.${String(key)}` : String(key)),
          "",
        );
        if (issue.code === "unrecognized_keys") {
          return `${where ? `${where}: ` : ""}unknown setting${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
        }
        return `${where || "(the file)"}: ${issue.message}`;
      }),
    );
  }
  const b = parsed.data;
  return {
    ...b,
    pass: {
      name: b.pass.name ?? `${b.siteName} Genesis Pass`,
      description:
        b.pass.description ??
        `A wallet-bound pass to the ${b.siteName} community. It cannot be transferred; stake it to earn points.`,
    },
    email: { senderName: b.email.senderName ?? b.siteName, footer: b.email.footer ?? null },
  };
}

/**
 * Reads the branding file: `file` (BRANDING_FILE), else `defaultFile` (config/branding.json) when it exists, else
 * Arcana's own name and look.
 */
export function loadBranding(file: string | undefined, defaultFile: string): Branding {
  const chosen = file ?? (existsSync(defaultFile) ? defaultFile : null);
  if (!chosen) return parseBranding({});
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(chosen, "utf8"));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new BrandingError(chosen, [`cannot be read as JSON (${reason})`]);
  }
  return parseBranding(value, chosen);
}

/** The web app manifest (`/manifest.webmanifest`): installed, the site carries the brand's name, icon and colours. */
export function webManifest(branding: Branding) {
  return {
    id: "/",
    name: branding.siteName,
    short_name: branding.shortName,
    description: branding.description,
    lang: defaultLanguage,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: branding.themeColor,
    background_color: branding.backgroundColor,
    icons: [
      { src: branding.icon, sizes: "any", type: branding.icon.endsWith(".svg") ? "image/svg+xml" : "image/png" },
      { src: branding.appIcons.png192, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: branding.appIcons.png512, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: branding.appIcons.maskable512, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/** What browsers may see of it. */
export function publicBranding(branding: Branding): PublicBranding {
  return {
    site_name: branding.siteName,
    short_name: branding.shortName,
    description: branding.description,
    logo_url: branding.logo,
    icon_url: branding.icon,
    theme_color: branding.themeColor,
    background_color: branding.backgroundColor,
    links: branding.links,
    pass_name: branding.pass.name,
  };
}
