import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "./config.js";

const scratch = mkdtempSync(path.join(tmpdir(), "arcana-npm-serve-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/" }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on("error", () => resolve(false));
    req.end();
  });

async function until<T>(read: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("a server started by `npm run serve` stops serving when npm is killed with SIGKILL", async () => {
  const portFile = path.join(scratch, "port");
  const script = `cd ${JSON.stringify(repoRoot)} && exec node --import tsx server/src/test/served-by-npm.ts ${JSON.stringify(portFile)}`;
  writeFileSync(
    path.join(scratch, "package.json"),
    JSON.stringify({ name: "serve", private: true, scripts: { serve: script } }),
  );
  const npm = spawn("npm", ["run", "--silent", "serve"], { cwd: scratch, stdio: "ignore" });
  let server = 0;
  try {
    const [port, pid] = (
      await until(() => (existsSync(portFile) ? readFileSync(portFile, "utf8") : ""), "the server listened")
    )
      .split(" ")
      .map(Number);
    server = pid ?? 0;
    expect(await answers(port ?? 0)).toBe(true);
    npm.kill("SIGKILL");
    await until(async () => !(await answers(port ?? 0)), "the server stopped after npm was killed");
  } finally {
    npm.kill("SIGKILL");
    // An orphan left by a failure here is this test's to stop.
    try {
      if (server) process.kill(server, "SIGKILL");
    } catch {
      // gone already, as it should be
    }
  }
}, 60_000);
