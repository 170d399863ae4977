import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const serverDir = fileURLToPath(new URL("../..", import.meta.url));

describe("npm run admin -- … | head", () => {
  it("a reader that stops before the output ends is not an error: exit 0, no stack trace", async () => {
    // The reading end is closed before the command writes anything: every write then fails with EPIPE.
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--help"], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: "test", ENV_FILE: "/dev/null" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  }, 60_000);
});
