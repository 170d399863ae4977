// `npm start` (and `npm run dev` with --dev): the whole product on embedded defaults, one command:
// web build if needed, a local chain with the contracts deployed, then the server.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const hot = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const chainPort = Number(process.env.CHAIN_PORT || 8545);
const withLocalChain = !process.env.CHAINS || process.env.CHAINS.split(",").some((c) => c.trim() === "local");
const step = (message) => console.log(`\x1b[35m▸\x1b[0m ${message}`);

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "build" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The web build is rebuilt when any of its sources is newer than it. */
function webBuildIsStale() {
  const built = path.join(root, "web/build/server/index.js");
  if (!existsSync(built)) return true;
  const sources = Math.max(newestChange(path.join(root, "web")), newestChange(path.join(root, "protocol/src")));
  return sources > statSync(built).mtimeMs;
}

function portIsFree(candidate) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(candidate, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

const children = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.on("exit", r)) : null))).then(
    () => process.exit(code),
  );
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

function watch(name, child) {
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
    stop(code || 1);
  });
  return child;
}

/** Starts the Hardhat chain, deploys the contracts, and resolves once it prints "chain ready". */
function startLocalChain() {
  const child = watch(
    "The local chain",
    spawn(
      process.execPath,
      ["--require", "ts-node/register/transpile-only", "--require", "hardhat/register", "scripts/dev-chain.ts"],
      {
        cwd: path.join(root, "contracts"),
        env: {
          ...process.env,
          CHAIN_PORT: String(chainPort),
          PASS_BASE_URI: `http://localhost:${port}/api/nft/metadata/`,
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    ),
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      console.log(`  ${line}`);
      const ready = line.match(/^chain ready: (\S+)/);
      if (ready) resolve(ready[1]);
    });
    child.once("exit", () => reject(new Error("the local chain exited before it was ready")));
  });
}

if (!existsSync(path.join(root, "node_modules"))) {
  console.error("Dependencies are missing: run `npm install` first.");
  process.exit(1);
}

/** Runs `npm run build` for the web app; resolves when it succeeded, exits when it failed. */
function buildWebApp() {
  step("Building the web app (first start, or its sources changed)…");
  const started = Date.now();
  // Vite's chunk table and its plugins' notes are a developer's business (`npm run build` shows them): kept, and
  // printed only when the build fails.
  const build = spawn("npm", ["run", "build", "--silent", "-w", "@arcana/web"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  build.stdout.on("data", (chunk) => (output += chunk));
  build.stderr.on("data", (chunk) => (output += chunk));
  children.push(build);
  return new Promise((resolve) => {
    build.once("exit", (code, signal) => {
      if (code === 0) {
        step(`The web app is built (${((Date.now() - started) / 1000).toFixed(0)} s).`);
        return resolve();
      }
      if (!stopping) console.error(`${output}\nThe web app build failed (${signal ?? `exit code ${code}`}).`);
      stop(code || 1);
    });
  });
}

// The web build runs beside the local chain and the server's start; the server loads the build
// once it is done.
const webBuild = hot || !webBuildIsStale() ? null : buildWebApp();
if (!hot && !webBuild) step("The web app build is up to date.");

const serverEnv = { NODE_ENV: process.env.NODE_ENV || "development" };
if (withLocalChain) {
  if (!(await portIsFree(chainPort))) {
    console.error(
      `Port ${chainPort} is taken (another \`npm start\`?). Stop it, or choose another: CHAIN_PORT=8546 npm start`,
    );
    stop(1);
  } else {
    step(`Starting the local chain on 127.0.0.1:${chainPort} and deploying the contracts (dev-only keys)…`);
    try {
      serverEnv.LOCAL_RPC_URL = await startLocalChain();
    } catch (error) {
      if (!stopping) console.error(error instanceof Error ? error.message : error);
      stop(1);
    }
  }
}
if (!stopping) {
  step(hot ? "Starting the server with hot reload…" : "Starting the server…");
  // While the web app still builds, the server opens its database and then waits for word that
  // the build is done (WEB_BUILD_PENDING, over the IPC channel) before it loads it.
  const server = watch(
    "The server",
    spawn(process.execPath, ["--import", "tsx", "server/src/main.ts", ...(hot ? ["--hot"] : [])], {
      cwd: root,
      stdio: ["inherit", "inherit", "inherit", "ipc"],
      env: { ...process.env, ...serverEnv, ...(webBuild ? { WEB_BUILD_PENDING: "1" } : {}) },
    }),
  );
  await webBuild;
  if (webBuild && !stopping) server.send("web-build-ready");
}
