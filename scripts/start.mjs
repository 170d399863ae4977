// `npm start` (and `npm run dev` with --dev): the whole product on embedded defaults, one command.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const hot = process.argv.includes("--dev");
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

if (!existsSync(path.join(root, "node_modules"))) {
  console.error("Dependencies are missing: run `npm install` first.");
  process.exit(1);
}

if (!hot) {
  if (webBuildIsStale()) {
    step("Building the web app (first start, or its sources changed)…");
    const build = spawnSync("npm", ["run", "build", "--silent", "-w", "@arcana/web"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else {
    step("The web app build is up to date.");
  }
}

const children = [];
function run(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
    stop(code ?? 1);
  });
  return child;
}

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

step(hot ? "Starting the server with hot reload…" : "Starting the server…");
run("The server", process.execPath, ["--import", "tsx", "server/src/main.ts", ...(hot ? ["--hot"] : [])], {
  NODE_ENV: process.env.NODE_ENV ?? "development",
});
