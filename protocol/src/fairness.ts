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

/** ln Γ(x) for x > 0 (Lanczos, g = 7): enough precision for p-values. */
function logGamma(x: number): number {
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = coefficients[0] ?? 0;
  for (let i = 1; i < coefficients.length; i++) sum += (coefficients[i] ?? 0) / (shifted + i);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function. */
function upperGammaRegularized(a: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    // Series for P(a, x), then Q = 1 - P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Lentz's continued fraction for Q(a, x).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

export interface ChiSquareTest {
  statistic: number;
  degreesOfFreedom: number;
  /** The chance of a spread at least this far from the stated odds if the draw follows them. */
  pValue: number;
}

/**
 * Pearson's goodness-of-fit test of observed counts against stated probabilities (which sum to 1).
 * Null when there is nothing to test: fewer than two outcomes or no observations.
 */
export function chiSquareTest(observed: readonly number[], probabilities: readonly number[]): ChiSquareTest | null {
  const total = observed.reduce((sum, count) => sum + count, 0);
  const outcomes = probabilities.filter((p) => p > 0).length;
  if (total === 0 || outcomes < 2) return null;
  let statistic = 0;
  probabilities.forEach((probability, index) => {
    if (probability <= 0) return;
    const expected = total * probability;
    const difference = (observed[index] ?? 0) - expected;
    statistic += (difference * difference) / expected;
  });
  const degreesOfFreedom = outcomes - 1;
  return { statistic, degreesOfFreedom, pValue: upperGammaRegularized(degreesOfFreedom / 2, statistic / 2) };
}
