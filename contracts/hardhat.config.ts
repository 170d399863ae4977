import "@nomicfoundation/hardhat-toolbox-viem";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import { type HardhatUserConfig, subtask } from "hardhat/config";
import { httpNetworks } from "./scripts/lib/networks";

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
    // localhost, opBNB, opBNBTestnet, zkFair, custom: DEPLOYER_PRIVATE_KEY is the account of each; nothing secret is committed.
    ...httpNetworks(process.env),
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
