import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ArcanaLoadContext, CatalogFile } from "@arcana/protocol";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { createRequestHandler, type ServerBuild } from "react-router";
import { repoRoot } from "../config.js";
import type { AppEnv } from "../http/env.js";

/** The server-rendered web app, as the HTTP layer sees it. */
export interface WebFrontend {
  /** Changes with every build; the browser compares it to notice a new version. */
  buildId: string;
  /** Serves the built client files, or passes on. */
  assets: MiddlewareHandler<AppEnv> | null;
  /**
   * Renders a page. With `inlineStyles` (in production mode only; elsewhere it links), the page
   * carries the app's stylesheet inline instead of a render-blocking link to it.
   */
  render(request: Request, context: ArcanaLoadContext, options?: { inlineStyles?: boolean }): Promise<Response>;
  /**
   * A message catalog the pages name (`/i18n/<language>/<namespaces>.<hash>.json`): its JSON text, and
   * whether the address names this build's text (`current`, so it can be cached for good); null if none.
   */
  catalog(path: string): Promise<CatalogFile | null>;
}

/** The web app's `catalogFile` (web/app/entry.server.tsx exports it beside the renderer). */
export function catalogOf(build: ServerBuild): (path: string) => CatalogFile | null {
  const entry: ServerBuild["entry"]["module"] & { catalogFile?: unknown } = build.entry.module;
  const catalogFile = entry.catalogFile;
  if (typeof catalogFile !== "function") throw new Error("The web build's entry.server exports no catalogFile.");
  return (path) => catalogFile(path);
}

export const webBuildDir = path.join(repoRoot, "web/build");
const serverBuildFile = path.join(webBuildDir, "server/index.js");
/** A path whose last segment has an extension: `/assets/entry-1a2b.js`, `/favicon.svg`. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

export function hasWebBuild(): boolean {
  return existsSync(serverBuildFile);
}

let importing: Promise<ServerBuild> | null = null;
/** The build's modules, imported once. */
function importServerBuild(): Promise<ServerBuild> {
  importing ??= import(serverBuildFile) as Promise<ServerBuild>;
  return importing;
}

/**
 * Starts importing the built web app now (the server starts it while the database opens: reading and compiling its
 * modules overlaps with PGlite's start-up); `loadBuiltFrontend` then uses it. A failure is reported by that call.
 */
export function preloadBuiltFrontend(): void {
  if (hasWebBuild()) importServerBuild().catch(() => {});
}

/** Loads the production build made by `npm run build` (web/build). */
export async function loadBuiltFrontend(mode: "development" | "production" | "test"): Promise<WebFrontend> {
  if (!hasWebBuild())
    throw new Error(`The web app is not built (${serverBuildFile} is missing). Run \`npm run build\`.`);
  const build = await importServerBuild();
  const buildId = createHash("sha256").update(readFileSync(serverBuildFile)).digest("hex").slice(0, 16);
  const handle = createRequestHandler(build, mode);
  const catalog = catalogOf(build);
  // Only production renders visitors' pages with the stylesheet inline (app.ts): only it pays for the copy.
  const inlineBuild = mode === "production" ? inlineStylesBuild(build) : null;
  const inline = inlineBuild && { css: inlineBuild.css, handle: createRequestHandler(inlineBuild.build, mode) };
  const clientDir = path.relative(process.cwd(), path.join(webBuildDir, "client")) || ".";
  const assets = serveStatic<AppEnv>({
    root: clientDir,
    // The build writes a .br and a .gz beside every text file (web/precompress.ts).
    precompressed: true,
    onFound: (_path, c) => {
      c.set("metricsRoute", "static");
      if (!c.res.headers.has("Vary") && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(c.res.headers.get("Content-Type") ?? "")) {
        c.header("Vary", "Accept-Encoding");
      }
      // Files under /assets/ carry a content hash in their name, so they never change.
      const immutable = c.req.path.startsWith("/assets/");
      c.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
  // Page paths ("/", "/genesis-pass") name no file: only a path with a file extension is looked
  // up on disk, so a page render costs no stat calls.
  const assetsForFiles: MiddlewareHandler<AppEnv> = (c, next) =>
    FILE_PATH.test(c.req.path) ? assets(c, next) : next();
  return {
    buildId,
    assets: assetsForFiles,
    render: (request, context, options) =>
      options?.inlineStyles && inline
        ? inline.handle(request, { ...context, inlineStyles: inline.css })
        : handle(request, context),
    catalog: async (path) => catalog(path),
  };
}

/**
 * The build as it renders pages that carry the app's stylesheets inline: the same build whose
 * routes name no stylesheet to link (the pages' `<Links />` and the manifest the browser gets), and
 * the stylesheets' text. The build makes one stylesheet for the whole app (web/vite.config.ts), so
 * a page with it inline needs no other for any route it navigates to.
 */
function inlineStylesBuild(build: ServerBuild): { build: ServerBuild; css: string } {
  const files = new Set<string>();
  const routes: ServerBuild["assets"]["routes"] = {};
  for (const [id, route] of Object.entries(build.assets.routes)) {
    if (!route) continue;
    for (const file of route.css ?? []) files.add(file);
    routes[id] = { ...route, css: [] };
  }
  const css = [...files]
    .map((file) => readFileSync(path.join(webBuildDir, "client", file), "utf8"))
    .join("\n")
    // Inside <style>, only a closing tag could end the element early; stylesheets never need one.
    .replaceAll("</style", "<\\/style");
  return { build: { ...build, assets: { ...build.assets, routes } }, css };
}
