import { readFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { portAnswers, startProduction } from "../src/production.js";
import { repoRoot } from "../src/server.js";

/** Opens a sign-in request and sends half its body: the request is in flight until `finish` sends the rest. */
async function halfSentRequest(port: number) {
  const body = JSON.stringify({ email: "not-an-address" });
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    `POST /api/send_code HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
  );
  return {
    finish: async () => {
      socket.write(body.slice(5));
      await closed;
      return answer;
    },
  };
}

/** The systemd unit in docs/operating.md: its ExecStart and Environment lines. */
function documentedUnit() {
  const docs = readFileSync(path.join(repoRoot, "docs/operating.md"), "utf8");
  const unit = docs.match(/```ini\n(\[Unit\][\s\S]*?)```/)?.[1];
  if (!unit) throw new Error("docs/operating.md has no systemd unit");
  const execStart =
    unit
      .match(/^ExecStart=(.+)$/m)?.[1]
      ?.trim()
      .split(/\s+/) ?? [];
  const environment = Object.fromEntries(
    [...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
  return { execStart, environment };
}

describe("running in production", () => {
  it("npm run serve: SIGTERM to npm's pid finishes the open request, stops the server and frees the port", async () => {
    const server = await startProduction("npm", ["run", "serve"]);
    try {
      const request = await halfSentRequest(server.port);
      server.child.kill("SIGTERM");
      await expect.poll(() => server.stdout().includes("SIGTERM received")).toBe(true);
      const answer = await request.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(await server.exited).toBe(0);
      expect(await portAnswers(server.port)).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it("the documented systemd unit's command serves, writes only JSON lines and stops on SIGTERM", async () => {
    const { execStart, environment } = documentedUnit();
    const [node, ...args] = execStart;
    expect(node).toBe("/usr/bin/node");
    const server = await startProduction(process.execPath, args, {
      ...environment,
      PUBLIC_URL: "https://loyalty.example.org",
    });
    try {
      const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
      expect(server.stdout()).toContain(
        `Arcana ${version} is ready at https://loyalty.example.org (listening on 127.0.0.1:${server.port})`,
      );
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(await portAnswers(server.port)).toBe(false);
      const lines = server.stdout().trim().split("\n");
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    } finally {
      await server.stop();
    }
  });
});
