// `npm run gas`: gas used by each member-facing call on the in-process Hardhat network (from receipts).
import hre from "hardhat";
import { type Hash, keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { signMintAuthorization, signUnstakeAuthorization } from "./lib/authorizations";
import { devAuthorizerPrivateKey } from "./lib/dev-keys";

const DAY = 86_400n;

async function main() {
  const publicClient = await hre.viem.getPublicClient();
  const [admin, member, relayer] = await hre.viem.getWalletClients();
  if (!admin || !member || !relayer) throw new Error("expected hardhat accounts");
  const authorizer = privateKeyToAccount(devAuthorizerPrivateKey);
  const passDeployment = await hre.viem.sendDeploymentTransaction("GenesisPass", [
    admin.account.address,
    authorizer.address,
    "https://arcana.example/api/nft/metadata/",
  ]);
  const dailyDeployment = await hre.viem.sendDeploymentTransaction("Daily");
  const pass = passDeployment.contract;
  const daily = dailyDeployment.contract;
  const target = { chainId: await publicClient.getChainId(), verifyingContract: pass.address };
  const as = { account: member.account };
  const rows: [string, bigint][] = [];
  const measure = async (label: string, hash: Promise<Hash>) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== "success") throw new Error(`${label} reverted`);
    rows.push([label, receipt.gasUsed]);
  };
  const now = async () => (await publicClient.getBlock()).timestamp;

  const to = member.account.address;
  const mintDeadline = (await now()) + 600n;
  const mintSignature = await signMintAuthorization(authorizer, target, { to, nonce: 0n, deadline: mintDeadline });
  await measure(
    "mint (first pass, submitted by the member)",
    pass.write.mint([to, 0n, mintDeadline, mintSignature], as),
  );
  const secondDeadline = (await now()) + 600n;
  const other = relayer.account.address;
  const secondSignature = await signMintAuthorization(authorizer, target, {
    to: other,
    nonce: 0n,
    deadline: secondDeadline,
  });
  await measure(
    "mint (later pass, submitted by a relayer)",
    pass.write.mint([other, 0n, secondDeadline, secondSignature], { account: admin.account }),
  );
  await measure("stake", pass.write.stake([1n], as));
  const unstakeDeadline = (await now()) + 600n;
  const unstakeSignature = await signUnstakeAuthorization(authorizer, target, {
    tokenId: 1n,
    nonce: 0n,
    deadline: unstakeDeadline,
  });
  await measure("unstake", pass.write.unstake([1n, 0n, unstakeDeadline, unstakeSignature], as));
  await measure("stake (again)", pass.write.stake([1n], as));

  const midnight = ((await now()) / DAY + 1n) * DAY;
  await hre.network.provider.send("evm_setNextBlockTimestamp", [Number(midnight + 60n)]);
  await measure("checkIn (first ever)", daily.write.checkIn(as));
  await measure("recordTarot (first ever)", daily.write.recordTarot([keccak256(toHex("day 1"))], as));
  await hre.network.provider.send("evm_setNextBlockTimestamp", [Number(midnight + DAY + 60n)]);
  await measure("checkIn (next day)", daily.write.checkIn(as));
  await measure("recordTarot (next day)", daily.write.recordTarot([keccak256(toHex("day 2"))], as));

  console.log("| call | gas used |\n|---|---:|");
  for (const [label, gas] of rows) console.log(`| ${label} | ${gas.toLocaleString("en-US")} |`);
  for (const [name, deployment] of [
    ["GenesisPass", passDeployment],
    ["Daily", dailyDeployment],
  ] as const) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: deployment.deploymentTransaction.hash });
    console.log(`| deploy ${name} | ${receipt.gasUsed.toLocaleString("en-US")} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
