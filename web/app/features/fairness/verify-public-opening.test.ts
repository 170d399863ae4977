import { describe, expect, it } from "vitest";
import { verifyPublicOpening } from "./verify-public-opening";

// The worked example of docs/fairness.md, as a line of the public export.
const serverSeed = "9f2c4a1d8e7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a29180f1e2d3c4b5a69788796";
const opening = {
  box_id: "moon",
  odds_version: 1,
  opened_at: "2026-11-22T12:01Z",
  server_seed_hash: "7098788a17294f1e6c2c8748cfb171e4f057e7de207fb411fca0eaf4d46c6b57",
  server_seed: serverSeed,
  client_seed: "moonlight",
  client_seed_hash: "unused by the browser",
  nonce: 1,
  weights: [600, 300, 90, 10],
  reward_index: 2,
  reward: { kind: "box", box_id: "sun" },
};
const line = (changes: Record<string, unknown> = {}) => JSON.stringify({ ...opening, ...changes });

describe("verifying one line of the public export in the browser", () => {
  it("re-derives the published reward from the revealed seeds", async () => {
    expect(await verifyPublicOpening(line())).toMatchObject({ status: "match", target: 917, totalWeight: 1000 });
  });

  it("says which part does not hold, and what cannot be checked yet", async () => {
    expect(await verifyPublicOpening(line({ reward_index: 1 }))).toEqual({ status: "mismatch", reason: "reward" });
    expect(await verifyPublicOpening(line({ server_seed: `${serverSeed.slice(0, -1)}7` }))).toEqual({
      status: "mismatch",
      reason: "hash",
    });
    expect(await verifyPublicOpening(line({ server_seed: null }))).toEqual({ status: "waiting" });
    expect(await verifyPublicOpening(line({ client_seed: null }))).toEqual({ status: "member_only" });
    expect(await verifyPublicOpening("not json")).toEqual({ status: "invalid" });
    expect(await verifyPublicOpening(line({ weights: [] }))).toEqual({ status: "invalid" });
  });
});
