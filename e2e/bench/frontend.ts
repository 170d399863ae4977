// First-load JS, compression and Lighthouse on a running production server.
import { request as httpRequest } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { notes, ONLY, table } from "./common.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (ONLY === "frontend" ? 3 : 1));
const LIGHTHOUSE_PAGES = ["/", "/genesis-pass", "/daily-tarot", "/?lang=zh-CN"];
/** Issue 28: `/` in Chinese (the largest catalog text of the first load) must stay as fast, and fully accessible. */
const fullyAccessible = new Set(["/?lang=zh-CN"]);

/** The scripts the document of `url` loads before it is interactive, and their gzip size. */
async function firstLoadJs(url: string) {
  const html = await (await fetch(url)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(
    /<link rel="modulepreload" href="([^"]+)"|import\("([^"]+)"\)|<script[^>]+src="([^"]+)"/g,
  )) {
    const src = match[1] ?? match[2] ?? match[3];
    if (src?.endsWith(".js")) scripts.add(src);
  }
  const stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"/g)].length;
  let bytes = 0;
  const sizes: string[] = [];
  let largest: { src: string; gzip: number } | undefined;
  for (const src of scripts) {
    const gzip = gzipSync(Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer())).length;
    bytes += gzip;
    sizes.push(`${path.basename(src)} ${(gzip / 1024).toFixed(1)} KB`);
    if (!largest || gzip > largest.gzip) largest = { src, gzip };
  }
  return { files: scripts.size, kb: bytes / 1024, largest: largest?.src, sizes, stylesheets };
}

/** What goes over the wire for `url` when the client accepts gzip and brotli (fetch would decode it). */
function wireBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "accept-encoding": "gzip, br" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "none") }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Lighthouse (mobile emulation, its default) in Debian's Chromium. */
async function lighthouseScores(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
      .map((audit) => audit.id);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      lcpElement: lcpElement(lhr.audits["largest-contentful-paint-element"]?.details),
      transferKiB: Math.round((lhr.audits["total-byte-weight"]?.numericValue ?? 0) / 1024),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** The LCP element's snippet, from the details of Lighthouse's `largest-contentful-paint-element`. */
function lcpElement(details: unknown): string {
  const found = JSON.stringify(details ?? null).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  return found?.[1] ? JSON.parse(`"${found[1]}"`) : "unknown";
}

/** Each page's Lighthouse run `LIGHTHOUSE_RUNS` times; the run with the median performance score. */
async function medianLighthouse(url: string) {
  const runs: Awaited<ReturnType<typeof lighthouseScores>>[] = [];
  let failed = 0;
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    // A run Lighthouse could not finish (no paint recorded, Chromium gone) scores 0: not a sample.
    const run = await lighthouseScores(url).catch(() => null);
    if (run && run.lcpMs > 0 && run.performance > 0) runs.push(run);
    else failed += 1;
  }
  if (runs.length === 0) throw new Error(`no Lighthouse run of ${url} finished`);
  const median = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs)[
    Math.floor(runs.length / 2)
  ] as (typeof runs)[number];
  return {
    ...median,
    lcpElement: [...new Set(runs.map((run) => run.lcpElement))].join(" / "),
    failing: [...new Set(runs.flatMap((run) => run.failing))],
    all: `${runs.map((run) => `${run.performance}/${run.accessibility}/${run.bestPractices} ${run.lcpMs} ms`).join("; ")}${failed ? `; ${failed} failed, left out` : ""}`,
  };
}

/** The first-load JS of `/` and Lighthouse's scores of the issue's pages, on a running production server. */
export async function benchFrontend(url: string) {
  const js = await firstLoadJs(`${url}/`);
  table.push({
    figure: "first-load JS of `/` (gzip)",
    measured: `${js.kb.toFixed(1)} KB in ${js.files} files; ${js.stylesheets} stylesheets`,
    ceiling: "React + React Router ≈ 80 KB",
    target: "≤ 125 KB",
    met: js.kb <= 125,
  });
  notes.push(`first-load JS of /: ${js.sizes.join(", ")}`);
  // The largest script of the first load (the entry itself is a few imports, below compression's threshold).
  const entry = js.largest ?? "/";
  const [html, script] = [await wireBytes(`${url}/`), await wireBytes(new URL(entry, url).href)];
  table.push({
    figure: "compression by `npm run serve` (`Accept-Encoding: gzip, br`)",
    measured: `\`/\`: ${html.encoding}, ${html.bytes.toLocaleString("en")} bytes; \`${path.basename(entry)}\`: ${script.encoding}, ${script.bytes.toLocaleString("en")} bytes`,
    ceiling: "—",
    target: "brotli or gzip for every text response",
    met: html.encoding !== "none" && script.encoding !== "none",
  });
  for (const page of LIGHTHOUSE_PAGES) {
    try {
      const scores = await medianLighthouse(`${url}${page}`);
      table.push({
        figure: `Lighthouse mobile \`${page}\``,
        measured: `performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores.bestPractices}; LCP ${(scores.lcpMs / 1000).toFixed(1)} s; ${scores.transferKiB} KiB`,
        ceiling: 'LCP ≤ 2.5 s ("good")',
        target: fullyAccessible.has(page) ? "each ≥ 95, accessibility 100, LCP ≤ 2.0 s" : "each ≥ 95, LCP ≤ 2.0 s",
        met:
          scores.performance >= 95 &&
          scores.accessibility >= (fullyAccessible.has(page) ? 100 : 95) &&
          scores.bestPractices >= 95 &&
          scores.lcpMs <= 2000,
      });
      if (LIGHTHOUSE_RUNS > 1) notes.push(`Lighthouse ${page}, ${LIGHTHOUSE_RUNS} runs (median shown): ${scores.all}`);
      notes.push(`Lighthouse ${page} LCP element: ${scores.lcpElement}`);
      if (scores.failing.length) notes.push(`Lighthouse ${page} flags: ${scores.failing.join(", ")}`);
    } catch (error) {
      table.push({
        figure: `Lighthouse mobile \`${page}\``,
        measured: `failed: ${(error as Error).message}`,
        ceiling: "",
        target: "each ≥ 95",
        met: false,
      });
    }
  }
}
