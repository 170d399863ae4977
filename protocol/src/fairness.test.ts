import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chiSquareTest, drawReward, drawTarget, openingHmac, pickByWeight, serverSeedHash } from "./fairness.js";

const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString("hex"));
const clientSeed = fc.stringMatching(/^[\x20-\x7e]{1,64}$/);
const nonce = fc.nat({ max: 1_000_000 });
const oddsTable = fc.array(fc.record({ weight: fc.integer({ min: 1, max: 10_000 }) }), { minLength: 1, maxLength: 12 });

/** The docs/fairness.md worked example; the test keeps the document true. */
const worked = {
  serverSeed: "9f2c4a1d8e7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a29180f1e2d3c4b5a69788796",
  clientSeed: "moonlight",
  nonce: 1,
  odds: [{ weight: 600 }, { weight: 300 }, { weight: 90 }, { weight: 10 }],
};

describe("the provably fair draw", () => {
  it("matches an independent implementation of the documented algorithm (node:crypto, floating point)", async () => {
    await fc.assert(
      fc.asyncProperty(hexSeed, clientSeed, nonce, oddsTable, async (serverSeed, client, n, odds) => {
        const hmac = createHmac("sha256", Buffer.from(serverSeed, "utf8")).update(`${client}:${n}`).digest();
        const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = hmac;
        const f = b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
        const total = odds.reduce((sum, entry) => sum + entry.weight, 0);
        const target = Math.floor(f * total);
        let from = 0;
        const expected = odds.findIndex((entry) => {
          const inside = target >= from && target < from + entry.weight;
          from += entry.weight;
          return inside;
        });
        const draw = await drawReward(odds, { serverSeed, clientSeed: client, nonce: n });
        expect(draw).toEqual({ index: expected, target, totalWeight: total });
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same reward for the same seeds, nonce and odds table", async () => {
    await fc.assert(
      fc.asyncProperty(hexSeed, clientSeed, nonce, oddsTable, async (serverSeed, client, n, odds) => {
        const seeds = { serverSeed, clientSeed: client, nonce: n };
        expect(await drawReward(odds, seeds)).toEqual(await drawReward(odds, seeds));
      }),
      { numRuns: 100 },
    );
  });

  it("can reach every reward: each one owns exactly its weight's worth of targets", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }), (weights) => {
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        const hits = weights.map(() => 0);
        for (let target = 0; target < total; target++) {
          const index = pickByWeight(weights, target);
          hits[index] = (hits[index] ?? 0) + 1;
        }
        expect(hits).toEqual(weights);
      }),
    );
  });

  it("maps the lowest and highest HMAC words to the first and last targets", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), (total) => {
        expect(drawTarget(new Uint8Array([0, 0, 0, 0]), total)).toBe(0);
        expect(drawTarget(new Uint8Array([255, 255, 255, 255]), total)).toBe(total - 1);
      }),
    );
  });

  it("follows the weights: chi-square over 20,000 openings stays under the 0.1% critical value", async () => {
    const weights = [600, 300, 90, 10];
    const total = 1000;
    const counts = weights.map(() => 0);
    let draws = 0;
    for (let seedIndex = 0; seedIndex < 20; seedIndex++) {
      const serverSeed = createHash("sha256").update(`chi-square seed ${seedIndex}`).digest("hex");
      const opened = await Promise.all(
        Array.from({ length: 1000 }, (_, n) =>
          drawReward(
            weights.map((weight) => ({ weight })),
            { serverSeed, clientSeed: `member-${seedIndex % 7}`, nonce: n },
          ),
        ),
      );
      for (const { index } of opened) {
        counts[index] = (counts[index] ?? 0) + 1;
        draws += 1;
      }
    }
    const chiSquare = weights.reduce((sum, weight, index) => {
      const expected = (draws * weight) / total;
      return sum + ((counts[index] ?? 0) - expected) ** 2 / expected;
    }, 0);
    // 3 degrees of freedom: P(χ² > 16.27) = 0.001 for a fair draw.
    console.info(`chi-square (df=3, ${draws} openings): ${chiSquare.toFixed(3)}; counts ${counts.join("/")}`);
    expect(chiSquare).toBeLessThan(16.27);
  }, 60_000);

  it("computes the worked example of docs/fairness.md", async () => {
    expect(await serverSeedHash(worked.serverSeed)).toBe(
      createHash("sha256").update(worked.serverSeed, "utf8").digest("hex"),
    );
    const hmac = Buffer.from(await openingHmac(worked.serverSeed, worked.clientSeed, worked.nonce)).toString("hex");
    expect(hmac).toBe(
      createHmac("sha256", worked.serverSeed).update(`${worked.clientSeed}:${worked.nonce}`).digest("hex"),
    );
    expect({ hmacStart: hmac.slice(0, 8), ...(await drawReward(worked.odds, worked)) }).toMatchSnapshot();
  });

  it("refuses an empty odds table or a weight that is not a positive whole number", async () => {
    const seeds = { serverSeed: worked.serverSeed, clientSeed: "x", nonce: 0 };
    await expect(drawReward([], seeds)).rejects.toThrow();
    await expect(drawReward([{ weight: 0 }], seeds)).rejects.toThrow();
    await expect(drawReward([{ weight: 1.5 }], seeds)).rejects.toThrow();
  });
});

describe("the chi-square test of observed against stated odds", () => {
  it("gives the textbook p-values at the textbook critical values", () => {
    // 1 degree of freedom: 3.841 is the 5% critical value; 3 degrees: 16.27 is the 0.1% one.
    const oneDf = chiSquareTest([60, 40], [0.5, 0.5]);
    expect(oneDf?.statistic).toBeCloseTo(4, 10);
    expect(oneDf?.degreesOfFreedom).toBe(1);
    expect(oneDf?.pValue).toBeCloseTo(0.0455, 4);
    const threeDf = chiSquareTest([200, 300, 250, 250], [0.25, 0.25, 0.25, 0.25]);
    expect(threeDf?.statistic).toBeCloseTo(20, 10);
    expect(threeDf?.pValue).toBeCloseTo(0.00017, 5);
  });

  it("says 1 when the counts match the odds exactly, and nothing when there is nothing to test", () => {
    expect(chiSquareTest([600, 300, 90, 10], [0.6, 0.3, 0.09, 0.01])?.pValue).toBeCloseTo(1, 10);
    expect(chiSquareTest([0, 0], [0.5, 0.5])).toBeNull();
    expect(chiSquareTest([10], [1])).toBeNull();
  });
});
