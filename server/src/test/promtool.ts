import { spawn } from "node:child_process";

/**
 * Runs Prometheus's `promtool` (Debian's `prometheus` package, which CI installs) with `input` on stdin. A
 * machine without it fails the test that asked, naming the package: the check is never skipped.
 */
export function promtool(args: string[], input = ""): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.PROMTOOL ?? "promtool", args, { stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error("promtool is not installed: install Debian's `prometheus` package (or set PROMTOOL)")
          : error,
      );
    });
    child.on("close", (code) => resolve({ code: code ?? -1, output }));
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}
