import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { problemsOf } from "./test/config.js";

/** Production on opBNB testnet, whose contracts are not set. */
const testnetProduction = {
  NODE_ENV: "production",
  SESSION_SECRET: "production-test-session-secret-0123456789",
  SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
  SMTP_URL: "smtp://127.0.0.1:9",
  CHAINS: "opBNBTestnet",
  DEFAULT_CHAIN: "opBNBTestnet",
};
const testnetContracts = {
  OPBNB_TESTNET_GENESIS_PASS_ADDRESS: `0x${"ab".repeat(20)}`,
  OPBNB_TESTNET_DAILY_ADDRESS: `0x${"cd".repeat(20)}`,
};

describe("configuration", () => {
  it("runs on embedded defaults with no variables at all", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe("development");
    expect(config.database.url).toBeNull();
    expect(config.database.dataDir).toMatch(/\.data$/);
    expect(config.chains.map((c) => c.key)).toEqual(["local", "opBNB", "zkFair"]);
    expect(config.defaultChain).toBe("local");
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).database.url).toBeNull();
  });

  it("names the variable that is wrong", () => {
    expect(problemsOf({ PORT: "eighty" })[0]).toMatch(/^PORT:/);
    expect(problemsOf({ DATABASE_URL: "mysql://x" })[0]).toMatch(/^DATABASE_URL:/);
    expect(problemsOf({ OPBNB_GENESIS_PASS_ADDRESS: "0x123" })[0]).toMatch(/^OPBNB_GENESIS_PASS_ADDRESS:/);
    expect(problemsOf({ CHAINS: "local,ethereum" })[0]).toMatch(/^CHAINS: unknown chain "ethereum"/);
  });

  it("refuses production without a session secret, a signer key or a mail server", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([
      "SESSION_SECRET: is required in production",
      "SIGNER_PRIVATE_KEY: is required in production",
      "SMTP_URL: is required in production (sign-in codes must be e-mailed, not kept in a dev mailbox)",
      expect.stringMatching(
        /^OPBNB_GENESIS_PASS_ADDRESS, OPBNB_DAILY_ADDRESS: opBNB is in CHAINS but has no contracts/,
      ),
      expect.stringMatching(
        /^ZKFAIR_GENESIS_PASS_ADDRESS, ZKFAIR_DAILY_ADDRESS: zkFair is in CHAINS but has no contracts/,
      ),
    ]);
  });

  it("refuses a plain-HTTP PUBLIC_URL in production: the Secure session cookie would never come back", () => {
    const production = { ...testnetProduction, ...testnetContracts };
    expect(problemsOf({ ...production, PUBLIC_URL: "http://arcana.example.org" })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: must be an https:\/\/ URL in production/),
    ]);
    expect(problemsOf({ ...production, PUBLIC_URL: "https://arcana.example.org" })).toEqual([]);
    // A production build tried on the machine itself: browsers keep Secure cookies on localhost.
    expect(problemsOf({ ...production, PUBLIC_URL: "http://localhost:3000" })).toEqual([]);
    expect(problemsOf({ PUBLIC_URL: "http://arcana.test" })).toEqual([]);
  });

  it("refuses to start production on a chain named in CHAINS without contracts, naming the variables to set", () => {
    const production = testnetProduction;
    expect(problemsOf({ ...production, OPBNB_TESTNET_GENESIS_PASS_ADDRESS: `0x${"ab".repeat(20)}` })).toEqual([
      "OPBNB_TESTNET_DAILY_ADDRESS: opBNBTestnet is in CHAINS but has no contracts; set the deployed addresses " +
        "(or commit contracts/deployments/5611.json from the deploy), or remove opBNBTestnet from CHAINS",
    ]);
    const complete = { ...production, ...testnetContracts };
    expect(problemsOf(complete)).toEqual([]);
    // Development still starts on chains nobody deployed to (the pages say so).
    expect(problemsOf({ CHAINS: "opBNBTestnet", DEFAULT_CHAIN: "opBNBTestnet" })).toEqual([]);
  });

  it("warns, in production only, of a missing PUBLIC_URL, MAIL_FROM or TAROT_DRAW_SECRET, naming what members would meet", () => {
    const production = { ...testnetProduction, ...testnetContracts };
    expect(loadConfig(production).warnings).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set: .*localhost/),
      expect.stringMatching(/^MAIL_FROM is not set: .*no-reply@arcana\.local/),
      expect.stringMatching(/^TAROT_DRAW_SECRET is not set: .*rotating it changes the day's cards/),
    ]);
    const complete = {
      ...production,
      PUBLIC_URL: "https://loyalty.example.org",
      MAIL_FROM: "Loyalty <codes@example.org>",
      TAROT_DRAW_SECRET: "a-tarot-draw-secret-of-32-characters-or-more",
    };
    expect(loadConfig(complete).warnings).toEqual([]);
    expect(loadConfig({}).warnings).toEqual([]);
  });

  it("reads the visitor page cache's switch, time and size: on in production (5 s, 200 pages), off elsewhere", () => {
    expect(loadConfig({}).visitorPageCache).toBeNull();
    expect(loadConfig({ ...testnetProduction, ...testnetContracts }).visitorPageCache).toEqual({
      ttlMs: 5_000,
      maxPages: 200,
    });
    expect(
      loadConfig({ ...testnetProduction, ...testnetContracts, VISITOR_PAGE_CACHE: "off" }).visitorPageCache,
    ).toBeNull();
    expect(
      loadConfig({ VISITOR_PAGE_CACHE: "on", VISITOR_PAGE_CACHE_SECONDS: "2.5", VISITOR_PAGE_CACHE_PAGES: "50" })
        .visitorPageCache,
    ).toEqual({ ttlMs: 2_500, maxPages: 50 });
    expect(problemsOf({ VISITOR_PAGE_CACHE: "yes" })[0]).toMatch(/^VISITOR_PAGE_CACHE:/);
    expect(problemsOf({ VISITOR_PAGE_CACHE_SECONDS: "0" })[0]).toMatch(/^VISITOR_PAGE_CACHE_SECONDS:/);
    expect(problemsOf({ VISITOR_PAGE_CACHE_PAGES: "0" })[0]).toMatch(/^VISITOR_PAGE_CACHE_PAGES:/);
  });

  it("reads TRUST_PROXY as a hop count or a list of proxy addresses, and refuses anything else", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toEqual({ kind: "hops", hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ kind: "hops", hops: 2 });
    expect(loadConfig({}).trustProxy).toEqual({ kind: "none" });
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, ::1" }).trustProxy).toEqual({
      kind: "addresses",
      list: ["10.0.0.0/8", "::1"],
    });
    expect(problemsOf({ TRUST_PROXY: "yes" })[0]).toMatch(/^TRUST_PROXY: "yes" is neither/);
  });

  it("reads per-chain RPC URLs and contract addresses", () => {
    const config = loadConfig({
      CHAINS: "opBNB",
      OPBNB_RPC_URL: "https://rpc.example/opbnb",
      OPBNB_DAILY_ADDRESS: "0x00000000000000000000000000000000000000aa",
      OPBNB_FORWARDER_ADDRESS: "0x00000000000000000000000000000000000000fF",
    });
    expect(config.defaultChain).toBe("opBNB");
    expect(config.chains[0]).toMatchObject({
      id: 204,
      rpcUrl: "https://rpc.example/opbnb",
      dailyAddress: "0x00000000000000000000000000000000000000aa",
      genesisPassAddress: null,
      forwarderAddress: "0x00000000000000000000000000000000000000fF",
    });
  });
});
