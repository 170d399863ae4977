import { publicConfigSchema } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { buildPublicConfig } from "./service.js";

describe("the public configuration", () => {
  it("tells the browser each chain's contracts (the ERC-2771 forwarder included) and where to get its gas token", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      CHAINS: "local,opBNB",
      LOCAL_GENESIS_PASS_ADDRESS: "0x00000000000000000000000000000000000000a1",
      LOCAL_DAILY_ADDRESS: "0x00000000000000000000000000000000000000a2",
      LOCAL_FORWARDER_ADDRESS: "0x00000000000000000000000000000000000000a3",
    });
    const published = publicConfigSchema.parse(buildPublicConfig(config, "build"));
    expect(published.chains.map((chain) => chain.bridge_url)).toEqual([
      null,
      "https://opbnb-bridge.bnbchain.org/deposit",
    ]);
    expect(published.chains.map((chain) => [chain.key, chain.contracts])).toEqual([
      [
        "local",
        {
          genesis_pass: "0x00000000000000000000000000000000000000a1",
          daily: "0x00000000000000000000000000000000000000a2",
          forwarder: "0x00000000000000000000000000000000000000a3",
        },
      ],
      ["opBNB", { genesis_pass: null, daily: null, forwarder: null }],
    ]);
  });
});
