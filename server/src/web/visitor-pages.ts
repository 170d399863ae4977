import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { onlyLanguageCookie } from "../http/language.js";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page as every visitor gets it: the HTML, its compressed copies and its inline scripts' hashes. */
export interface VisitorPage {
  status: number;
  headers: Array<[string, string]>;
  html: string;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  /** CSP sources (`'sha256-…'`) of the page's inline scripts: a cached page cannot carry a fresh nonce. */
  scriptHashes: string[];
  renderedAt: number;
}

export interface VisitorPageOptions {
  /** How long a rendered page is served again (ms): pages only change with the build and the clock. */
  ttlMs: number;
  /** How many different URLs are kept. */
  maxPages: number;
  now?: () => number;
}

/**
 * A request whose page does not depend on who asks: a GET without credentials and without any
 * cookie but the language one (the page's language is part of its key).
 */
export function isVisitorRequest(request: Request): boolean {
  return (
    request.method === "GET" &&
    onlyLanguageCookie(request.headers.get("cookie")) &&
    !request.headers.has("authorization")
  );
}

/** The `'sha256-…'` CSP source of every inline script of `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? "";
    if (body.length > 0) hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Server-rendered pages for visitors, rendered once and served from memory for `ttlMs`: a visitor
 * page depends on the build and the URL only (no member, no wallet cookie). Only 200 answers are kept.
 */
export function createVisitorPages(options: VisitorPageOptions) {
  const now = options.now ?? Date.now;
  const pages = new Map<string, Promise<VisitorPage | null>>();

  async function keep(response: Response): Promise<VisitorPage | Response> {
    const html = await response.text();
    // Errors and redirects go out as they are, rendered afresh every time.
    if (response.status !== 200) return new Response(html, response);
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
      gzipAsync(html, { level: 6 }),
    ]);
    const headers: Array<[string, string]> = [];
    response.headers.forEach((value, name) => {
      if (!["content-length", "content-encoding", "transfer-encoding"].includes(name)) headers.push([name, value]);
    });
    return {
      status: response.status,
      headers,
      html,
      br: Uint8Array.from(br),
      gzip: Uint8Array.from(gz),
      scriptHashes: inlineScriptHashes(html),
      renderedAt: now(),
    };
  }

  return {
    /**
     * The page of `url`: from memory while fresh, otherwise rendered (concurrent requests share one
     * render). A page that is not a 200 is not kept: its own answer comes back instead.
     */
    async page(url: string, render: () => Promise<Response>): Promise<VisitorPage | Response> {
      const kept = pages.get(url);
      if (kept) {
        const page = await kept;
        if (page && now() - page.renderedAt < options.ttlMs) return page;
        if (pages.get(url) === kept) pages.delete(url);
      }
      if (pages.size >= options.maxPages) {
        const oldest = pages.keys().next().value;
        if (oldest !== undefined) pages.delete(oldest);
      }
      const rendering = render().then(keep);
      const shared = rendering.then(
        (result) => (result instanceof Response ? null : result),
        () => null,
      );
      pages.set(url, shared);
      try {
        return await rendering;
      } finally {
        if ((await shared) === null && pages.get(url) === shared) pages.delete(url);
      }
    },
  };
}

/** The answer for one request: brotli or gzip when the client accepts it. */
export function visitorPageResponse(page: VisitorPage, acceptEncoding: string | undefined): Response {
  const accepted = new Set((acceptEncoding ?? "").split(",").map((part) => part.trim().split(";")[0]));
  const headers = new Headers(page.headers);
  headers.set("Vary", "Accept-Encoding, Accept-Language, Cookie");
  if (accepted.has("br")) {
    headers.set("Content-Encoding", "br");
    return new Response(page.br, { status: page.status, headers });
  }
  if (accepted.has("gzip")) {
    headers.set("Content-Encoding", "gzip");
    return new Response(page.gzip, { status: page.status, headers });
  }
  return new Response(page.html, { status: page.status, headers });
}
