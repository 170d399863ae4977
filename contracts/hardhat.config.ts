import "@nomicfoundation/hardhat-toolbox-viem";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import { type HardhatUserConfig, subtask } from "hardhat/config";
import type { HttpNetworkUserConfig } from "hardhat/types";
import { opBNB, opBNBTestnet, zkFair } from "viem/chains";

const SOLC_VERSION = "0.8.28";

// Hardhat cannot download compilers on our machines: use the solc npm package's soljson.js.
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args: { solcVersion: string }, _hre, runSuper) => {
  if (args.solcVersion !== SOLC_VERSION) return runSuper();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require("solc") as { version(): string };
  return {
    compilerPath: require.resolve("solc/soljson.js"),
    isSolcJs: true,
    version: SOLC_VERSION,
    longVersion: solc.version(),
  };
});

/** Live networks: the deployer key comes from the environment; nothing secret is committed. */
function liveNetwork(
  chain: { id: number; rpcUrls: { default: { http: readonly string[] } } },
  rpcEnv: string,
): HttpNetworkUserConfig {
  const key = process.env.DEPLOYER_PRIVATE_KEY;
  return {
    url: process.env[rpcEnv] ?? chain.rpcUrls.default.http[0] ?? "",
    chainId: chain.id,
    accounts: key ? [key.startsWith("0x") ? key : `0x${key}`] : [],
  };
}

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: {
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 200 },
    },
  },
  paths: {
    sources: "./src",
    tests: "./test",
    cache: "./cache",
    artifacts: "./artifacts",
  },
  networks: {
    hardhat: { chainId: 31337 },
    localhost: { url: `http://127.0.0.1:${process.env.CHAIN_PORT ?? "8545"}`, chainId: 31337 },
    opBNB: liveNetwork(opBNB, "OPBNB_RPC_URL"),
    opBNBTestnet: liveNetwork(opBNBTestnet, "OPBNB_TESTNET_RPC_URL"),
    zkFair: liveNetwork(zkFair, "ZKFAIR_RPC_URL"),
  },
  gasReporter: {
    enabled: process.env.REPORT_GAS !== undefined,
    currency: "USD",
  },
  mocha: {
    timeout: 120_000,
  },
};

export default config;
