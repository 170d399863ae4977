import { describe, expect, it } from "vitest";
import { testChain, testConfig } from "../test/fixtures";
import { withChainNames } from "./chain-names.server";

describe("chain names in the reader's language", () => {
  it("names the local chain from the catalogs and keeps brand names as configured", () => {
    const config = testConfig({ chains: [testChain(), testChain({ id: 204, key: "opBNB", name: "opBNB" })] });
    expect(withChainNames(config, "ja").chains.map((chain) => chain.name)).toEqual(["ローカルチェーン", "opBNB"]);
    expect(withChainNames(config, "tr").chains[0]?.name).toBe("Yerel zincir");
    expect(withChainNames(config, "en").chains[0]?.name).toBe("Local chain");
  });
});
