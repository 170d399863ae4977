import { createHash, createHmac } from "node:crypto";
import type { OpenedBox } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { testT } from "../../test/fixtures";
import { formatShare, rewardLabel, verifyOpening } from "./loot-box-display";

// The docs/fairness.md worked example: target 917 of 1000 lands on the Sun Box.
const serverSeed = "9f2c4a1d8e7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a29180f1e2d3c4b5a69788796";
const odds: OpenedBox["odds"] = [
  { reward: { kind: "points", amount: 20 }, weight: 600, probability: 0.6 },
  { reward: { kind: "points", amount: 150 }, weight: 300, probability: 0.3 },
  { reward: { kind: "box", box_id: "sun" }, weight: 90, probability: 0.09 },
  { reward: { kind: "allowlist" }, weight: 10, probability: 0.01 },
];
const opened = {
  odds,
  reward: { kind: "box" as const, box_id: "sun" },
  proof: {
    server_seed: serverSeed,
    server_seed_hash: createHash("sha256").update(serverSeed).digest("hex"),
    client_seed: "moonlight",
    nonce: 1,
  },
};

describe("verifying an opening in the browser", () => {
  it("recomputes the reward from the revealed seed and confirms it", async () => {
    expect(createHmac("sha256", serverSeed).update("moonlight:1").digest("hex").slice(0, 8)).toBe("eaf5c39c");
    expect(await verifyOpening(opened)).toEqual({ status: "match", index: 2, target: 917, totalWeight: 1000 });
  });

  it("says so when the seed is still secret, does not hash to the commitment, or gives another reward", async () => {
    expect(await verifyOpening({ ...opened, proof: { ...opened.proof, server_seed: null } })).toEqual({
      status: "unrevealed",
    });
    const otherSeed = await verifyOpening({ ...opened, proof: { ...opened.proof, server_seed: "00".repeat(32) } });
    expect(otherSeed).toEqual({ status: "mismatch", reason: "hash" });
    const otherReward = await verifyOpening({ ...opened, reward: { kind: "points", amount: 150 } });
    expect(otherReward).toEqual({ status: "mismatch", reason: "reward" });
  });

  it("names rewards and percentages the way the market shows them, in the page's language", () => {
    const names = new Map([["sun", "Sun Box"]]);
    const t = testT("en");
    expect(rewardLabel({ kind: "box", box_id: "sun" }, names, t)).toBe("Sun Box");
    expect(rewardLabel({ kind: "points", amount: 150 }, names, t)).toBe("150 points");
    expect(rewardLabel({ kind: "points", amount: 1 }, names, t)).toBe("1 point");
    expect(rewardLabel({ kind: "allowlist" }, names, t)).toBe("A mint allowlist place");
    expect([0.6, 0.09, 0.0125].map((share) => formatShare(share, "en"))).toEqual(["60%", "9%", "1.25%"]);
    const zh = testT("zh-CN");
    expect(rewardLabel({ kind: "points", amount: 1500 }, names, zh)).toBe("1,500 积分");
    expect(formatShare(0.6, "tr")).toBe("%60");
  });
});
