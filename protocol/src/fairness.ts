// The provably fair loot-box draw (docs/fairness.md). The server draws with it and the page verifies
// with it, so both sides compute the same reward from the same seeds by construction.
// Web Crypto only: it runs unchanged in Node (>= 20) and in the browser.

const encoder = new TextEncoder();

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of the server seed's hex string (UTF-8), in lower-case hex: the commitment shown before opening. */
export async function serverSeedHash(serverSeed: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(serverSeed))));
}

/** HMAC-SHA256(key = server seed as UTF-8, message = "<client_seed>:<nonce>"). */
export async function openingHmac(serverSeed: string, clientSeed: string, nonce: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(serverSeed),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${clientSeed}:${nonce}`)));
}

/**
 * `floor(f × totalWeight)` where `f = b0/256 + b1/256² + b2/256³ + b3/256⁴` of the HMAC's first four
 * bytes. Computed as `(b0b1b2b3 as a 32-bit integer × totalWeight) >> 32`, which is the same number
 * without floating-point rounding.
 */
export function drawTarget(hmac: Uint8Array, totalWeight: number): number {
  if (hmac.length < 4) throw new Error("the HMAC has fewer than 4 bytes");
  const word = ((hmac[0] ?? 0) * 2 ** 24 + (hmac[1] ?? 0) * 2 ** 16 + (hmac[2] ?? 0) * 2 ** 8 + (hmac[3] ?? 0)) >>> 0;
  return Number((BigInt(word) * BigInt(totalWeight)) >> 32n);
}

/** The index of the entry whose cumulative-weight interval `[from, from + weight)`, in listed order, holds `target`. */
export function pickByWeight(weights: readonly number[], target: number): number {
  let from = 0;
  for (const [index, weight] of weights.entries()) {
    if (target < from + weight) return index;
    from += weight;
  }
  throw new Error(`target ${target} is outside the total weight ${from}`);
}

export interface FairnessSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export interface Draw {
  /** Position of the drawn reward in the odds table. */
  index: number;
  target: number;
  totalWeight: number;
}

/** The whole draw: the same odds table and seeds always give the same reward. */
export async function drawReward(odds: ReadonlyArray<{ weight: number }>, seeds: FairnessSeeds): Promise<Draw> {
  const weights = odds.map((entry) => entry.weight);
  if (weights.length === 0 || weights.some((weight) => !Number.isSafeInteger(weight) || weight <= 0)) {
    throw new Error("an odds table needs at least one entry, each with a positive whole weight");
  }
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const target = drawTarget(await openingHmac(seeds.serverSeed, seeds.clientSeed, seeds.nonce), totalWeight);
  return { index: pickByWeight(weights, target), target, totalWeight };
}

/** A client seed: 1–64 printable ASCII characters (no control characters). */
export const clientSeedPattern = /^[\x20-\x7e]{1,64}$/;

/** 16 random bytes as hex: what the page proposes as the member's client seed. */
export function randomClientSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}
