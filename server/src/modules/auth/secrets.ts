import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { SIGN_IN_CODE_LENGTH } from "@arcana/protocol";
import { hash, verify } from "@node-rs/argon2";

/** A uniformly random 6-digit code from the CSPRNG. */
export function generateSignInCode(): string {
  return String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, "0");
}

/** Codes are stored only as an HMAC bound to the address, so a leaked table reveals nothing usable. */
export function hashSignInCode(secret: string, email: string, code: string): string {
  return createHmac("sha256", secret).update(`sign-in-code:${email}:${code}`).digest("hex");
}

/** Compares two hex digests in constant time. */
export function digestsMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 256 random bits, URL-safe. */
export function generateSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 45 ms a hash on the CI machine). */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** Verified when there is no account, so a wrong address takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return decoyHash;
}
