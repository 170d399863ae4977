// `npm run bench`: how fast Arcana starts and answers, measured on 127.0.0.1 only.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { freePort, repoRoot, waitUntilReady } from "../src/server.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function timeNpmStart() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "arcana-bench-"));
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(
    url,
    () => child.exitCode !== null,
    () => "",
  );
  const readyMs = performance.now() - started;
  return {
    url,
    readyMs,
    stop: async () => {
      process.kill(-(child.pid ?? 0), "SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Gzip bytes of every script the document of `path` loads before it is interactive. */
async function firstLoadJsGzip(url: string) {
  const html = await (await fetch(url)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(
    /<link rel="modulepreload" href="([^"]+)"|import\("([^"]+)"\)|<script[^>]+src="([^"]+)"/g,
  )) {
    const src = match[1] ?? match[2] ?? match[3];
    if (src?.endsWith(".js")) scripts.add(src);
  }
  let bytes = 0;
  for (const src of scripts)
    bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer())).length;
  return { files: scripts.size, kb: bytes / 1024 };
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const server = await timeNpmStart();
try {
  const js = await firstLoadJsGzip(`${server.url}/`);
  await load(`${server.url}/`); // warm-up
  const health = await load(`${server.url}/healthz`);
  const ssr = await load(`${server.url}/`);
  console.log(`npm start → ready:        ${(server.readyMs / 1000).toFixed(1)} s (web build up to date)`);
  console.log(`first-load JS of /:        ${js.kb.toFixed(1)} KB gzip in ${js.files} files`);
  console.log(
    `GET /healthz:              ${health.rps} req/s, p50 ${health.p50} ms, p99 ${health.p99} ms, ${health.errors} errors`,
  );
  console.log(
    `GET / (SSR):               ${ssr.rps} req/s, p50 ${ssr.p50} ms, p99 ${ssr.p99} ms, ${ssr.errors} errors`,
  );
  console.log(`(${CONNECTIONS} connections, ${DURATION_S} s each, 127.0.0.1)`);
} finally {
  await server.stop();
}
