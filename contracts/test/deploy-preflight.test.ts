import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import { privateKeyToAccount } from "viem/accounts";
import { customNetworkProblems, deployTargetProblems, rpcChainId } from "../scripts/lib/deploy-preflight";
import { devDeployerAddress } from "../scripts/lib/dev-keys";
import { httpNetworks } from "../scripts/lib/networks";

const operatorKey = `0x${"5a".repeat(32)}` as const;
const operatorAddress = privateKeyToAccount(operatorKey).address;

/** A JSON-RPC endpoint that answers eth_chainId with `chainId`, standing in for an operator's RPC. */
async function rpcAnswering(chainId: number): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: `0x${chainId.toString(16)}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("deploys do what they say (issue 29, trap 6)", () => {
  it("DEPLOYER_PRIVATE_KEY is the deploying account on every HTTP network, the local chain's included", () => {
    const networks = httpNetworks({ DEPLOYER_PRIVATE_KEY: operatorKey.slice(2) });
    for (const name of ["localhost", "opBNB", "opBNBTestnet", "zkFair", "custom"]) {
      expect(networks[name]?.accounts, name).to.deep.equal([operatorKey]);
    }
    // Without it the local node's own unlocked accounts deploy, as before.
    expect(httpNetworks({}).localhost?.accounts).to.equal("remote");
  });

  it("refuses a deploy that would send from another account than DEPLOYER_PRIVATE_KEY's", () => {
    const env = { DEPLOYER_PRIVATE_KEY: operatorKey };
    // The in-process network always deploys from Hardhat's public account #0.
    const problems = deployTargetProblems({
      network: "hardhat",
      configuredChainId: 31337,
      rpcChainId: 31337,
      deployer: devDeployerAddress,
      env,
    });
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(/^DEPLOYER_PRIVATE_KEY: is set/);
    expect(problems[0]).to.contain(operatorAddress).and.to.contain(devDeployerAddress);
    const fromKey = { network: "localhost", configuredChainId: 31337, rpcChainId: 31337, deployer: operatorAddress };
    expect(deployTargetProblems({ ...fromKey, env })).to.deep.equal([]);
    expect(deployTargetProblems({ ...fromKey, deployer: devDeployerAddress, env: {} })).to.deep.equal([]);
  });

  it("a custom network takes any RPC URL and refuses one that answers another chain id", async () => {
    expect(customNetworkProblems("custom", {})).to.deep.equal([
      "CUSTOM_RPC_URL: is required with --network custom (the chain's RPC URL)",
      "CUSTOM_CHAIN_ID: is required with --network custom, a positive whole number (the chain id the RPC must answer)",
    ]);
    expect(customNetworkProblems("custom", { CUSTOM_RPC_URL: "http://x", CUSTOM_CHAIN_ID: "abc" })[0]).to.match(
      /^CUSTOM_CHAIN_ID: .*got "abc"$/,
    );
    expect(customNetworkProblems("opBNB", {})).to.deep.equal([]);

    const rpc = await rpcAnswering(97);
    try {
      const env = { CUSTOM_RPC_URL: rpc.url, CUSTOM_CHAIN_ID: "5611", DEPLOYER_PRIVATE_KEY: operatorKey };
      const custom = httpNetworks(env).custom;
      expect(custom).to.deep.include({ url: rpc.url, chainId: 5611 });
      const answered = await rpcChainId(rpc.url);
      expect(answered).to.equal(97);
      const target = { network: "custom", configuredChainId: custom?.chainId, deployer: operatorAddress, env };
      expect(deployTargetProblems({ ...target, rpcChainId: answered })).to.deep.equal([
        'network "custom" expects chain id 5611 but its RPC answers chain id 97: wrong RPC URL or CUSTOM_CHAIN_ID',
      ]);
      expect(deployTargetProblems({ ...target, configuredChainId: 97, rpcChainId: answered })).to.deep.equal([]);
    } finally {
      rpc.server.close();
    }
  });
});
