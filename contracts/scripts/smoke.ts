// Smoke test against a running local chain (`npm run chain:dev`): reads deployments/31337.json and walks
// a fresh member through mint -> stake -> unstake -> check in -> record tarot with dev-authorizer signatures.
import { readFileSync } from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { createWalletClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { DeploymentRecord } from "./lib/deployment";
import { devAuthorizerPrivateKey, devDeployerPrivateKey, localChainId } from "./lib/dev-keys";
import { deploymentsDir } from "./lib/paths";
import { runSmokeFlow } from "./lib/smoke-flow";

async function main() {
  const file = path.join(deploymentsDir, `${localChainId}.json`);
  const deployment = JSON.parse(readFileSync(file, "utf8")) as DeploymentRecord;
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  const genesis = await publicClient.getBlock({ blockNumber: 0n });
  if (chainId !== deployment.chainId || genesis.hash !== deployment.genesisHash) {
    throw new Error(`${file} does not describe the running chain: restart \`npm run chain:dev\``);
  }
  const rpcUrl = (hre.network.config as { url: string }).url;
  console.log(
    `smoke: ${rpcUrl}, GenesisPass ${deployment.contracts.GenesisPass.address}, Daily ${deployment.contracts.Daily.address}`,
  );

  // A fresh member each run (a wallet mints once), funded by the dev deployer.
  const funder = createWalletClient({ account: privateKeyToAccount(devDeployerPrivateKey), transport: http(rpcUrl) });
  const member = createWalletClient({ account: privateKeyToAccount(generatePrivateKey()), transport: http(rpcUrl) });
  const fundHash = await funder.sendTransaction({ to: member.account.address, value: parseEther("1"), chain: null });
  await publicClient.waitForTransactionReceipt({ hash: fundHash });
  console.log(`fund: ${member.account.address} with 1 ETH`);

  await runSmokeFlow({
    publicClient,
    member,
    authorizer: privateKeyToAccount(devAuthorizerPrivateKey),
    deployment,
    log: console.log,
  });
  console.log("smoke: ok");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
