import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { spawnOwned } from "../src/processes.js";
import { freePort, repoRoot } from "../src/server.js";

/** The line without the terminal colour codes scripts/start.mjs writes around its step marker. */
const stripColours = (line: string) =>
  line.replaceAll(`${String.fromCharCode(27)}[35m`, "").replaceAll(`${String.fromCharCode(27)}[0m`, "");

// What a person sees the first time: README's `npm install && npm start`, from the repository's root. Every line is a
// step, the chain's addresses, a log line of the server's, the URL or where sign-in codes arrive; no warning that is
// not the reader's business (npm's install-script notice, Vite's deprecations, JSON log lines).
describe("npm install && npm start", () => {
  it("npm install has no install script left undecided", () => {
    const listed = execFileSync("npm", ["install-scripts", "ls"], { cwd: repoRoot, encoding: "utf8" });
    expect(listed).not.toMatch(/not yet covered/);
  });

  it("npm start prints its steps, the URL and where codes arrive, and nothing else", async () => {
    const [port, chainPort] = [await freePort(), await freePort()];
    const dataDir = mkdtempSync(path.join(tmpdir(), "arcana-first-start-"));
    const start: ChildProcess = spawnOwned("npm", ["start"], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), CHAIN_PORT: String(chainPort), DATA_DIR: dataDir, NODE_ENV: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    start.stdout?.on("data", (chunk) => (output += chunk));
    start.stderr?.on("data", (chunk) => (output += chunk));
    const exited = new Promise((resolve) => start.once("exit", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        const check = setInterval(() => {
          if (/arrive at http:\/\/localhost:\d+\/dev\/mailbox/.test(output)) {
            clearInterval(check);
            resolve();
          }
        }, 100);
        start.once("exit", () => {
          clearInterval(check);
          reject(new Error(`npm start ended:\n${output}`));
        });
      });
      expect(output).toContain(`is ready at http://localhost:${port}`);
      const lines = output.split("\n").filter((line) => line.trim() !== "");
      const expected = [
        /^> /, // npm's own "> arcana@… start" banner
        /^\S* ?▸/, // a step of scripts/start.mjs
        /^ {2}chain/, // the local chain's addresses and URL
        /^\[\d\d:\d\d:\d\d\] INFO: /, // a readable log line
        /^ {4}\w+: /, // a log line's fields
        // Something wrong, said once: a public chain's RPC that cannot be reached (the test machines have no internet).
        /^\[\d\d:\d\d:\d\d\] ERROR: RPC of \w+: /,
      ];
      const unexpected = lines.filter((line) => !expected.some((pattern) => pattern.test(stripColours(line))));
      expect(unexpected).toEqual([]);
      expect(output).not.toMatch(/warn|deprecated|\{"level"/i);
    } finally {
      process.kill(-(start.pid as number), "SIGINT");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
