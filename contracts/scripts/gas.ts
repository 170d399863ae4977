// `npm run gas`: gas used by each member-facing call on the in-process Hardhat network (from receipts):
// paid by the member directly, sponsored one request per transaction (forwarder.execute), and sponsored in
// batches (forwarder.executeBatch, several members' requests in one transaction).
import hre from "hardhat";
import { type Address, encodeFunctionData, type Hash, type Hex, keccak256, type LocalAccount, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { signMintAuthorization, signUnstakeAuthorization } from "./lib/authorizations";
import { forwarderName } from "./lib/deployment";
import { devAuthorizerPrivateKey } from "./lib/dev-keys";
import { signForwardRequest } from "./lib/forward-requests";

const DAY = 86_400n;
const BATCH_SIZES = [1, 10, 50];

async function main() {
  const publicClient = await hre.viem.getPublicClient();
  const [admin, member, relayer] = await hre.viem.getWalletClients();
  if (!admin || !member || !relayer) throw new Error("expected hardhat accounts");
  const authorizer = privateKeyToAccount(devAuthorizerPrivateKey);
  const forwarderDeployment = await hre.viem.sendDeploymentTransaction("ERC2771Forwarder", [forwarderName]);
  const forwarder = forwarderDeployment.contract;
  const passDeployment = await hre.viem.sendDeploymentTransaction("GenesisPass", [
    admin.account.address,
    authorizer.address,
    "https://arcana.example/api/nft/metadata/",
    forwarder.address,
  ]);
  const dailyDeployment = await hre.viem.sendDeploymentTransaction("Daily", [forwarder.address]);
  const pass = passDeployment.contract;
  const daily = dailyDeployment.contract;
  const chainId = await publicClient.getChainId();
  const target = { chainId, verifyingContract: pass.address };
  const as = { account: member.account };
  const rows: [string, bigint][] = [];
  const receiptOf = async (label: string, hash: Promise<Hash>) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== "success") throw new Error(`${label} reverted`);
    return receipt;
  };
  const measure = async (label: string, hash: Promise<Hash>) => {
    rows.push([label, (await receiptOf(label, hash)).gasUsed]);
  };
  const now = async () => (await publicClient.getBlock()).timestamp;
  const mintArgs = async (to: Address) => {
    const deadline = (await now()) + 600n;
    const nonce = await pass.read.mintNonces([to]);
    return [to, nonce, deadline, await signMintAuthorization(authorizer, target, { to, nonce, deadline })] as const;
  };
  const unstakeArgs = async (tokenId: bigint) => {
    const deadline = (await now()) + 600n;
    const nonce = await pass.read.unstakeNonces([tokenId]);
    const signature = await signUnstakeAuthorization(authorizer, target, { tokenId, nonce, deadline });
    return [tokenId, nonce, deadline, signature] as const;
  };

  // ---- paid by the member
  const to = member.account.address;
  await measure("mint (first pass, submitted by the member)", pass.write.mint(await mintArgs(to), as));
  const other = relayer.account.address;
  await measure(
    "mint (later pass, submitted by a relayer)",
    pass.write.mint(await mintArgs(other), { account: admin.account }),
  );
  await measure("stake", pass.write.stake([1n], as));
  await measure("unstake", pass.write.unstake(await unstakeArgs(1n), as));
  await measure("stake (again)", pass.write.stake([1n], as));

  const midnight = ((await now()) / DAY + 1n) * DAY;
  await hre.network.provider.send("evm_setNextBlockTimestamp", [Number(midnight + 60n)]);
  await measure("checkIn (first ever)", daily.write.checkIn(as));
  await measure("recordTarot (first ever)", daily.write.recordTarot([keccak256(toHex("day 1"))], as));
  await hre.network.provider.send("evm_setNextBlockTimestamp", [Number(midnight + DAY + 60n)]);
  await measure("checkIn (next day)", daily.write.checkIn(as));
  await measure("recordTarot (next day)", daily.write.recordTarot([keccak256(toHex("day 2"))], as));

  // ---- sponsored: a member with no balance signs, the relayer sends forwarder.execute
  const request = async (signer: LocalAccount, call: { to: Address; data: Hex }, nonce?: bigint) => {
    const data = {
      from: signer.address,
      to: call.to,
      value: 0n,
      gas: 300_000n,
      deadline: Number((await now()) + 5n * DAY),
      data: call.data,
    };
    const signed = { ...data, nonce: nonce ?? (await forwarder.read.nonces([signer.address])) };
    return { ...data, signature: await signForwardRequest(signer, { chainId, forwarder: forwarder.address }, signed) };
  };
  const byRelayer = { account: relayer.account };
  const passCall = (data: Hex) => ({ to: pass.address, data });
  const dailyCall = (data: Hex) => ({ to: daily.address, data });
  const checkInData = encodeFunctionData({ abi: daily.abi, functionName: "checkIn" });
  const tarotData = (label: string) =>
    encodeFunctionData({ abi: daily.abi, functionName: "recordTarot", args: [keccak256(toHex(label))] });
  const sponsored = privateKeyToAccount(generatePrivateKey());
  const mintData = encodeFunctionData({
    abi: pass.abi,
    functionName: "mint",
    args: await mintArgs(sponsored.address),
  });
  await measure(
    "sponsored mint (forwarder.execute)",
    forwarder.write.execute([await request(sponsored, passCall(mintData))], byRelayer),
  );
  const tokenId = await pass.read.passOf([sponsored.address]);
  const stakeData = encodeFunctionData({ abi: pass.abi, functionName: "stake", args: [tokenId] });
  await measure("sponsored stake", forwarder.write.execute([await request(sponsored, passCall(stakeData))], byRelayer));
  const unstakeData = encodeFunctionData({ abi: pass.abi, functionName: "unstake", args: await unstakeArgs(tokenId) });
  await measure(
    "sponsored unstake",
    forwarder.write.execute([await request(sponsored, passCall(unstakeData))], byRelayer),
  );
  await hre.network.provider.send("evm_setNextBlockTimestamp", [Number(midnight + 2n * DAY + 60n)]);
  await measure(
    "sponsored checkIn (first ever)",
    forwarder.write.execute([await request(sponsored, dailyCall(checkInData))], byRelayer),
  );
  await measure(
    "sponsored recordTarot (first ever)",
    forwarder.write.execute([await request(sponsored, dailyCall(tarotData("s1")))], byRelayer),
  );
  await hre.network.provider.send("evm_setNextBlockTimestamp", [Number(midnight + 3n * DAY + 60n)]);
  await measure(
    "sponsored checkIn (next day)",
    forwarder.write.execute([await request(sponsored, dailyCall(checkInData))], byRelayer),
  );
  await measure(
    "sponsored recordTarot (next day)",
    forwarder.write.execute([await request(sponsored, dailyCall(tarotData("s2")))], byRelayer),
  );

  // ---- sponsored in batches: N members' first check-ins in one executeBatch (refund receiver set, so one
  // failing request does not sink the others)
  const batchRows: [string, bigint, bigint][] = [];
  for (const size of BATCH_SIZES) {
    const members = Array.from({ length: size }, () => privateKeyToAccount(generatePrivateKey()));
    const requests = await Promise.all(members.map((m) => request(m, dailyCall(checkInData), 0n)));
    const receipt = await receiptOf(
      `batch ${size}`,
      forwarder.write.executeBatch([requests, relayer.account.address], byRelayer),
    );
    batchRows.push([`sponsored checkIn x${size} (executeBatch)`, receipt.gasUsed, receipt.gasUsed / BigInt(size)]);
  }

  console.log("| call | gas used |\n|---|---:|");
  for (const [label, gas] of rows) console.log(`| ${label} | ${gas.toLocaleString("en-US")} |`);
  for (const [name, deployment] of [
    ["ERC2771Forwarder", forwarderDeployment],
    ["GenesisPass", passDeployment],
    ["Daily", dailyDeployment],
  ] as const) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: deployment.deploymentTransaction.hash });
    console.log(`| deploy ${name} | ${receipt.gasUsed.toLocaleString("en-US")} |`);
  }
  console.log("\n| batch | gas used | per request |\n|---|---:|---:|");
  for (const [label, gas, each] of batchRows) {
    console.log(`| ${label} | ${gas.toLocaleString("en-US")} | ${each.toLocaleString("en-US")} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
