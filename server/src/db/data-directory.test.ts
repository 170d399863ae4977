import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config.js";

const scratch = mkdtempSync(path.join(tmpdir(), "arcana-data-dir-"));
chmodSync(scratch, 0o755);
// tsx's cache, somewhere `nobody` may write.
const temporary = path.join(scratch, "tmp");
mkdirSync(temporary);
chmodSync(temporary, 0o777);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The server as an operator starts it, on DATA_DIR (`ms`: from "Opening the embedded database…" to its exit); as `nobody` when the tests run as root (root writes anywhere). */
function startServer(dataDir: string) {
  const asRoot = process.getuid?.() === 0;
  // `nobody` cannot run a Node that lives under root's home (CI's Node 24 comes from npx's cache there): the system's.
  const node = asRoot && process.execPath.startsWith("/root/") ? "/usr/bin/node" : process.execPath;
  const child = spawn(node, ["--import", "tsx", "server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: scratch,
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      PORT: "0",
      INDEXER: "off",
      RELAYER: "off",
      // The web app is not needed to fail: the server would wait for `npm start`'s word after the database.
      WEB_BUILD_PENDING: "1",
      TMPDIR: temporary,
    },
    stdio: ["ignore", "pipe", "pipe"],
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  let output = "";
  let opening = 0;
  const read = (chunk: Buffer) => {
    output += chunk;
    if (!opening && output.includes("Opening the embedded database")) opening = Date.now();
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) => {
    // Bounded: a server that hangs fails the test instead of holding it.
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - opening });
    });
  });
}

const errorLines = (output: string) => output.split("\n").filter((line) => line.includes("DATA_DIR"));

describe("a DATA_DIR the embedded database cannot use", () => {
  it("stops the server within 5 s with one line naming DATA_DIR when it is read-only", async () => {
    const readOnly = path.join(scratch, "read-only");
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    const { code, output, ms } = await startServer(readOnly);
    expect(code, output).toBe(1);
    expect(errorLines(output), output).toEqual([
      `DATA_DIR: ${readOnly} is not writable by this user (EACCES): the embedded database writes there; fix its owner or mode, or point DATA_DIR elsewhere`,
    ]);
    expect(output).not.toMatch(/\n\s+at /);
    // From the line that said the database was opening (compiling the server with tsx comes before it).
    expect(ms).toBeLessThan(5_000);
  }, 30_000);

  it("stops the server with one line naming DATA_DIR when a file stands where the directory should be", async () => {
    const file = path.join(scratch, "a-file");
    writeFileSync(file, "");
    chmodSync(file, 0o644);
    for (const dataDir of [file, path.join(file, "data")]) {
      const { code, output } = await startServer(dataDir);
      expect(code, output).toBe(1);
      expect(errorLines(output)).toHaveLength(1);
      expect(errorLines(output)[0]).toMatch(/^DATA_DIR: .* (is a file, not a directory|cannot be created \(ENOTDIR\))/);
      expect(output).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});
