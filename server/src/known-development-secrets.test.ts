import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { productionEnv } from "./test/app.js";
import { problemsOf } from "./test/config.js";

const hardhatAccount1 = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

describe("finding 13: production refuses the keys and secrets everyone knows", () => {
  it("refuses Hardhat's public account #1 as SIGNER_PRIVATE_KEY, naming the variable", () => {
    expect(problemsOf({ ...productionEnv, SIGNER_PRIVATE_KEY: hardhatAccount1 })).toEqual([
      "SIGNER_PRIVATE_KEY: is Hardhat's public development account #1; anyone can sign with it",
    ]);
  });

  it("refuses any of Hardhat's accounts, however the hex is cased, as the signer or the relayer", () => {
    const deployer = "0xAC0974BEC39A17E36BA4A6B4D238FF944BACB478CBED5EFCAE784D7BF4F2FF80";
    expect(problemsOf({ ...productionEnv, SIGNER_PRIVATE_KEY: deployer })).toEqual([
      expect.stringMatching(/^SIGNER_PRIVATE_KEY: .*account #0/),
    ]);
    // Relayer keys: relayer-keys.ts refuses them, one problem per chain.
    const relayer = problemsOf({
      ...productionEnv,
      RELAYER_PRIVATE_KEY: "0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e",
    });
    expect(relayer.length).toBeGreaterThan(0);
    for (const problem of relayer) expect(problem).toMatch(/RELAYER_PRIVATE_KEY.*Hardhat's public development keys/);
  });

  it("refuses the development SESSION_SECRET, and any other secret set to it", () => {
    const development = "arcana-development-session-secret-not-for-production";
    expect(problemsOf({ ...productionEnv, SESSION_SECRET: development })).toEqual([
      expect.stringMatching(/^SESSION_SECRET: is the development session secret/),
    ]);
    expect(problemsOf({ ...productionEnv, TAROT_DRAW_SECRET: development })).toEqual([
      expect.stringMatching(/^TAROT_DRAW_SECRET: is the development session secret/),
    ]);
  });

  it("starts production on keys of its own, and development on the public ones", () => {
    expect(problemsOf(productionEnv)).toEqual([]);
    expect(loadConfig({ NODE_ENV: "development" }).signerPrivateKey).toBe(hardhatAccount1);
    expect(problemsOf({ NODE_ENV: "development", SIGNER_PRIVATE_KEY: hardhatAccount1 })).toEqual([]);
  });
});
