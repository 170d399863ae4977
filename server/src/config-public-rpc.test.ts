import { describe, expect, it } from "vitest";
import { loadConfig, rpcUrlCredential } from "./config.js";
import { productionEnv } from "./test/app.js";
import { problemsOf } from "./test/config.js";

const INFURA = `https://opbnb-mainnet.infura.io/v3/${"0123456789abcdef".repeat(2)}`;

describe("an RPC URL with a credential in it", () => {
  it("is recognised: a user or password, a key-like path segment or query", () => {
    expect(rpcUrlCredential(INFURA)).toBe("a key-like path segment");
    expect(rpcUrlCredential("https://opbnb-mainnet.g.alchemy.com/v2/Ab3dEfGh1jKlMn0pQrStUvWx")).toBe(
      "a key-like path segment",
    );
    expect(rpcUrlCredential("https://rpc.example.com/?apikey=abc")).toBe('the query parameter "apikey"');
    expect(rpcUrlCredential("https://user:secret@rpc.example.com/")).toBe("a user or password");
    expect(rpcUrlCredential("https://rpc.example.com/?x=Zz9Zz9Zz9Zz9Zz9Zz9Zz9Zz9")).toBe("a token in the query");
    expect(rpcUrlCredential("https://opbnb-mainnet-rpc.bnbchain.org")).toBeNull();
    expect(rpcUrlCredential("https://rpc.zkfair.io/v1/mainnet")).toBeNull();
    expect(rpcUrlCredential("http://127.0.0.1:8545")).toBeNull();
  });

  it("is never handed to browsers by default: development falls back to the chain's public RPC", () => {
    const config = loadConfig({ NODE_ENV: "test", CHAINS: "opBNB", OPBNB_RPC_URL: INFURA });
    expect(config.chains[0]?.rpcUrl).toBe(INFURA);
    expect(config.chains[0]?.publicRpcUrl).toBe("https://opbnb-mainnet-rpc.bnbchain.org");
    const plain = loadConfig({ NODE_ENV: "test", CHAINS: "opBNB", OPBNB_RPC_URL: "https://rpc.example.com/opbnb" });
    expect(plain.chains[0]?.publicRpcUrl).toBe("https://rpc.example.com/opbnb");
  });

  it("stops production until <CHAIN>_PUBLIC_RPC_URL is set, naming the variable", () => {
    const env = { ...productionEnv, CHAINS: "opBNB", OPBNB_RPC_URL: INFURA };
    expect(problemsOf(env)).toEqual([
      "OPBNB_PUBLIC_RPC_URL: is required because OPBNB_RPC_URL contains a key-like path segment, which browsers must not see (/api/config, the CSP); set OPBNB_PUBLIC_RPC_URL to an RPC URL without a key",
    ]);
    const explicit = loadConfig({ ...env, OPBNB_PUBLIC_RPC_URL: "https://opbnb-mainnet-rpc.bnbchain.org" });
    expect(explicit.chains[0]?.publicRpcUrl).toBe("https://opbnb-mainnet-rpc.bnbchain.org");
  });
});
