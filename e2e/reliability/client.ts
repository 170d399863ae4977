import { request as httpRequest } from "node:http";
import { dailyAbi, genesisPassAbi } from "@arcana/contracts";
import { walletBindingStatement } from "@arcana/protocol";
import { createWalletClient, type Hex, http, parseEther } from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { createSiweMessage } from "viem/siwe";
import type { Environment } from "./environment.js";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  json: unknown;
  ms: number;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is (already serialized): the fuzzer sends broken bodies too. */
  body?: string | Buffer;
}

/** Longer than any answer may take: a request past it counts as a hang. */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * One request on its own TCP connection (no keep-alive pool), so concurrent requests are truly
 * concurrent at the server. Network failures reject; every HTTP answer resolves.
 */
export function send(baseUrl: string, req: RawRequest, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Answer> {
  const url = new URL(req.path, baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: req.method,
        headers: {
          ...(req.body !== undefined ? { "content-length": String(Buffer.byteLength(req.body)) } : {}),
          ...req.headers,
        },
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, ms: performance.now() - started });
        });
        res.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      // A server may answer (a body it refuses) and close before the whole body is written: the write then
      // fails with EPIPE or a reset, but the answer it sent is what counts. Wait a moment for it.
      const cutWhileWriting = req.body !== undefined && (error.code === "EPIPE" || error.code === "ECONNRESET");
      if (!cutWhileWriting) reject(error);
      else setTimeout(() => answered || reject(error), 250);
    });
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}

export function errorCodeOf(answer: Answer): string | undefined {
  return (answer.json as { error?: { code?: string } } | undefined)?.error?.code;
}

/** A signed-in member, with the address their requests come from and, once bound, a wallet. */
export interface Member {
  email: string;
  ip: string;
  token: string;
  headers: Record<string, string>;
  account: PrivateKeyAccount;
}

export function dataOf<T>(answer: Answer): T {
  const data = (answer.json as { data?: T } | undefined)?.data;
  if (answer.status !== 200 || data === undefined)
    throw new Error(`expected 200 with data, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  return data;
}

export function postJson(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return send(baseUrl, {
    method: "POST",
    path: `/api${path}`,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export function getJson(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  return send(baseUrl, { method: "GET", path: `/api${path}`, headers });
}

async function poll<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let memberCount = 0;

/** Signs a new member up through the SMTP peer: send_code, read the mailed code, sign_in. */
export async function signUp(env: Environment, baseUrl: string, label = "member"): Promise<Member> {
  memberCount += 1;
  const email = `${label}-${memberCount}-${Date.now().toString(36)}@reliability.test`;
  const ip = env.newIp();
  const from = { "x-forwarded-for": ip };
  dataOf(await postJson(baseUrl, "/send_code", { email, check_email: false }, from));
  const code = await poll(`sign-in code for ${email}`, () => env.smtp.codesFor(email).at(-1));
  const signedIn = dataOf<{ token: string }>(await postJson(baseUrl, "/sign_in", { email, code, type: "code" }, from));
  return {
    email,
    ip,
    token: signedIn.token,
    headers: { ...from, authorization: `Bearer ${signedIn.token}` },
    account: privateKeyToAccount(generatePrivateKey()),
  };
}

/** The member's own binding message (SIWE) for a fresh nonce, signed by their wallet. */
export async function signedBinding(baseUrl: string, member: Member, account = member.account) {
  const { nonce } = dataOf<{ nonce: string }>(await getJson(baseUrl, "/wallet/nonce", member.headers));
  const now = new Date();
  const message = createSiweMessage({
    domain: "arcana.test",
    uri: "http://arcana.test",
    address: account.address,
    chainId: 31337,
    nonce,
    version: "1",
    statement: walletBindingStatement,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 10 * 60 * 1000),
  });
  return { address: account.address, message, signature: await account.signMessage({ message }) };
}

export async function bindWallet(baseUrl: string, member: Member) {
  dataOf(await postJson(baseUrl, "/blockchain/bind_wallet", await signedBinding(baseUrl, member), member.headers));
}

/** On-chain actions of a member's wallet (funded from Hardhat's node). */
export function memberChain(env: Environment, member: Member) {
  const wallet = createWalletClient({ account: member.account, chain: hardhat, transport: http(env.chain.url) });
  const { GenesisPass, Daily } = env.chain.contracts;
  const mined = async (hash: Hex) => {
    const receipt = await env.chain.client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  return {
    fund: () => env.chain.client.setBalance({ address: member.account.address, value: parseEther("10") }),
    checkIn: async () =>
      mined(await wallet.writeContract({ address: Daily.address, abi: dailyAbi, functionName: "checkIn" })),
    recordTarot: async (digest: Hex) =>
      mined(
        await wallet.writeContract({
          address: Daily.address,
          abi: dailyAbi,
          functionName: "recordTarot",
          args: [digest],
        }),
      ),
    async mintAndStake(baseUrl: string) {
      const auth = dataOf<{ to: Hex; nonce: string; deadline: number; signature: Hex }>(
        await postJson(baseUrl, "/blockchain/mint_signature", { address: member.account.address }, member.headers),
      );
      const minted = await mined(
        await wallet.writeContract({
          address: GenesisPass.address,
          abi: genesisPassAbi,
          functionName: "mint",
          args: [auth.to, BigInt(auth.nonce), BigInt(auth.deadline), auth.signature],
        }),
      );
      const transfer = minted.logs.find((log) => log.address.toLowerCase() === GenesisPass.address.toLowerCase());
      const tokenId = BigInt(transfer?.topics[3] ?? "0x0");
      await mined(
        await wallet.writeContract({
          address: GenesisPass.address,
          abi: genesisPassAbi,
          functionName: "stake",
          args: [tokenId],
        }),
      );
      return Number(tokenId);
    },
  };
}

export { poll };
