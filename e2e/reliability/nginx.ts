// The nginx example of docs/operating.md ("HTTPS is required in production"), as an operator would use it: the
// documented block, with only its ports, upstream port and certificate paths changed, in front of a production
// server with TRUST_PROXY=1. Checked through it over HTTPS: the redirect from HTTP, the Secure `__Host-` session
// cookie working for reads and same-origin writes, and per-IP limits counting the address nginx saw, never one the
// client wrote into X-Forwarded-For. (The server has no websocket or SSE route to check.)
import { type ChildProcess, execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import path from "node:path";
import { spawnOwned } from "../src/processes.js";
import { startProduction } from "../src/production.js";
import { freePort, repoRoot } from "../src/server.js";
import { poll } from "./client.js";
import type { Environment } from "./environment.js";
import type { CheckResult } from "./report.js";

const SITE = "arcana.example.org";

/** The ```nginx block of docs/operating.md. */
export function documentedNginxConfig(): string {
  const docs = readFileSync(path.join(repoRoot, "docs/operating.md"), "utf8");
  const block = docs.match(/```nginx\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error("docs/operating.md has no nginx example");
  return block;
}

/** Where nginx is, or null. */
function nginxBinary(): string | null {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {}
  }
  return null;
}

interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request to nginx's HTTPS port for https://arcana.example.org, trusting the test's own certificate. */
function viaNginx(
  port: number,
  ca: string,
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<HttpsAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        servername: SITE,
        ca,
        method,
        path: pathname,
        headers: {
          host: SITE,
          ...(payload
            ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${pathname}: no answer in 15 s`)));
    req.end(payload);
  });
}

/** The documented config, made to run here: loopback ports, the test's upstream and certificate, files in `dir`. */
function configFor(dir: string, ports: { http: number; https: number; app: number }): string {
  const documented = documentedNginxConfig();
  const adapted = documented
    .replace(/server 127\.0\.0\.1:3000;/, `server 127.0.0.1:${ports.app};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${ports.http};`)
    .replace(/listen 443 ssl/, `listen 127.0.0.1:${ports.https} ssl`)
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${dir}/cert.pem;`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${dir}/key.pem;`);
  for (const kept of [`127.0.0.1:${ports.app}`, `:${ports.http};`, `:${ports.https} ssl`, "cert.pem", "key.pem"]) {
    if (!adapted.includes(kept)) throw new Error(`the documented nginx config changed shape: no place for ${kept}`);
  }
  const temp = (name: string) => `${name}_temp_path ${dir}/${name};`;
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
${adapted}
}
`;
}

export async function behindNginx(env: Environment): Promise<CheckResult[]> {
  const nginx = nginxBinary();
  if (!nginx) {
    return [
      {
        check: "nginx: the documented TLS proxy",
        attempts: 1,
        failures: 1,
        figure: "nginx is not installed",
        details: ["install it (apt-get install -y nginx; .ci/run does) to test docs/operating.md's nginx example"],
      },
    ];
  }
  const dir = env.workDir;
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${SITE}`,
      "-addext",
      `subjectAltName=DNS:${SITE}`,
      "-keyout",
      `${dir}/key.pem`,
      "-out",
      `${dir}/cert.pem`,
    ],
    { stdio: "ignore" },
  );
  const ca = readFileSync(`${dir}/cert.pem`, "utf8");
  const server = await startProduction(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    PUBLIC_URL: `https://${SITE}`,
    TRUST_PROXY: "1",
    SMTP_URL: `smtp://127.0.0.1:${env.smtp.port}`,
    MAIL_FROM: "Arcana <no-reply@arcana.test>",
  });
  const ports = { http: await freePort(), https: await freePort(), app: server.port };
  const configFile = `${dir}/nginx.conf`;
  writeFileSync(configFile, configFor(dir, ports));
  let proxy: ChildProcess | null = null;
  const results: CheckResult[] = [];
  const check = (name: string, failures: string[], figure: string) =>
    results.push({
      check: `nginx: ${name}`,
      attempts: 1,
      failures: failures.length ? 1 : 0,
      figure,
      details: failures,
    });
  try {
    let proxyOutput = "";
    proxy = spawnOwned(nginx, ["-p", dir, "-c", configFile], { stdio: ["ignore", "pipe", "pipe"] });
    proxy.stdout?.on("data", (chunk) => (proxyOutput += chunk));
    proxy.stderr?.on("data", (chunk) => (proxyOutput += chunk));
    await poll(
      "nginx answering",
      async () => {
        if (proxy?.exitCode !== null) throw new Error(`nginx stopped: ${proxyOutput}${readLog(dir)}`);
        return (await viaNginx(ports.https, ca, "GET", "/readyz").catch(() => null))?.status === 200 || undefined;
      },
      20_000,
    );

    const plain = await fetch(`http://127.0.0.1:${ports.http}/genesis-pass`, { redirect: "manual" });
    const location = plain.headers.get("location");
    check(
      "HTTP redirects to HTTPS",
      plain.status === 301 && location === "https://127.0.0.1/genesis-pass"
        ? []
        : [`GET http://…/genesis-pass answered ${plain.status} → ${location}`],
      `${plain.status} → ${location}`,
    );

    // Sign in over HTTPS: the cookie is __Host- and Secure, and it signs the member in for reads and writes.
    const email = `nginx-${Date.now().toString(36)}@reliability.test`;
    const failures: string[] = [];
    const sent = await viaNginx(ports.https, ca, "POST", "/api/send_code", {}, { email, check_email: false });
    if (sent.status !== 200) failures.push(`send_code answered ${sent.status}: ${sent.body}`);
    const code = await poll(`sign-in code for ${email}`, () => env.smtp.codesFor(email).at(-1));
    const signedIn = await viaNginx(ports.https, ca, "POST", "/api/sign_in", {}, { email, code, type: "code" });
    const setCookie = [signedIn.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("__Host-arcana_session="));
    if (signedIn.status !== 200) failures.push(`sign_in answered ${signedIn.status}: ${signedIn.body}`);
    if (!setCookie || !/;\s*Secure/i.test(setCookie) || !/;\s*HttpOnly/i.test(setCookie)) {
      failures.push(`sign_in's cookie is not a Secure HttpOnly __Host- cookie: ${setCookie}`);
    }
    const cookie = setCookie?.split(";")[0] ?? "";
    const mine = await viaNginx(ports.https, ca, "GET", "/api/users/mine", { cookie });
    if (mine.status !== 200 || !mine.body.includes(email)) failures.push(`GET /api/users/mine: ${mine.status}`);
    const signOut = await viaNginx(ports.https, ca, "POST", "/api/sign_out", { cookie, origin: `https://${SITE}` }, {});
    if (signOut.status !== 200) failures.push(`a same-origin cookie write (sign_out) answered ${signOut.status}`);
    const after = await viaNginx(ports.https, ca, "GET", "/api/users/mine", { cookie });
    if (after.status !== 401) failures.push(`after sign_out, GET /api/users/mine answered ${after.status}`);
    check("the Secure session cookie over HTTPS", failures, setCookie ? setCookie.replace(/=[^;]+/, "=…") : "none");

    // Per-IP limits: 30 code sign-ins per 15 minutes per network (one spent above). Each try below claims another
    // address in X-Forwarded-For; nginx appends the one it saw, which is the one the server counts.
    let refusedAt = 0;
    for (let attempt = 1; attempt <= 31 && refusedAt === 0; attempt++) {
      const answer = await viaNginx(
        ports.https,
        ca,
        "POST",
        "/api/sign_in",
        { "x-forwarded-for": `203.0.113.${attempt}` },
        { email: `spoof-${attempt}@reliability.test`, code: "123456", type: "code" },
      );
      if (answer.status === 429) refusedAt = attempt;
    }
    // Straight to the server (as nginx would forward another client): another address, not limited.
    const direct = await fetch(`${server.url}/api/sign_in`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.9" },
      body: JSON.stringify({ email: "other-network@reliability.test", code: "123456", type: "code" }),
    });
    check(
      "client address from X-Forwarded-For",
      refusedAt === 30 && direct.status !== 429
        ? []
        : [
            `expected the 30th try through nginx (the 31st from its address) to be refused whatever X-Forwarded-For claimed, and another address to pass; refused at ${refusedAt || "never"}, other address ${direct.status}`,
          ],
      `through nginx, try ${refusedAt || "none"} refused (30 per network), whatever X-Forwarded-For claimed; another address ${direct.status}`,
    );
  } catch (error) {
    check("the documented TLS proxy", [error instanceof Error ? error.message : String(error)], "stopped by an error");
  } finally {
    if (proxy && proxy.exitCode === null) {
      const gone = new Promise((resolve) => proxy?.once("exit", resolve));
      proxy.kill("SIGQUIT");
      await gone;
    }
    await server.stop();
  }
  return results;
}

function readLog(dir: string): string {
  try {
    return readFileSync(`${dir}/error.log`, "utf8");
  } catch {
    return "";
  }
}
