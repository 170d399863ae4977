import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";
import { productionEnv } from "./test/app.js";

const ownKey = `0x${"22".repeat(32)}`;
const hardhatKey = "0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe("relayer keys", () => {
  it("development relays on the local chain with a funded Hardhat account and nowhere else without a key", () => {
    const config = loadConfig({ NODE_ENV: "development" });
    const local = config.chains.find((chain) => chain.key === "local");
    expect(local?.relayerPrivateKey).toBe(hardhatKey);
    expect(config.chains.filter((chain) => chain.key !== "local").map((chain) => chain.relayerPrivateKey)).toEqual([
      null,
      null,
    ]);
  });

  it("a chain's own key wins over RELAYER_PRIVATE_KEY", () => {
    const config = loadConfig({
      ...productionEnv,
      RELAYER_PRIVATE_KEY: ownKey,
      ZKFAIR_RELAYER_PRIVATE_KEY: `0x${"33".repeat(32)}`,
    });
    expect(Object.fromEntries(config.chains.map((chain) => [chain.key, chain.relayerPrivateKey]))).toEqual({
      opBNB: ownKey,
      zkFair: `0x${"33".repeat(32)}`,
    });
  });

  it("production refuses a public development key and the authorizer's key, naming the variable", () => {
    expect(problemsOf({ ...productionEnv, OPBNB_RELAYER_PRIVATE_KEY: hardhatKey })).toEqual([
      expect.stringMatching(/^OPBNB_RELAYER_PRIVATE_KEY .*public development keys/),
    ]);
    expect(problemsOf({ ...productionEnv, RELAYER_PRIVATE_KEY: productionEnv.SIGNER_PRIVATE_KEY })).toEqual([
      expect.stringMatching(/^OPBNB_RELAYER_PRIVATE_KEY .*authorizer/),
      expect.stringMatching(/^ZKFAIR_RELAYER_PRIVATE_KEY .*authorizer/),
    ]);
  });
});
