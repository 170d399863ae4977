import { expect } from "chai";
import hre from "hardhat";
import { privateKeyToAccount } from "viem/accounts";
import { deployArcana } from "../scripts/lib/deployment";
import { devAuthorizerAddress, devAuthorizerPrivateKey } from "../scripts/lib/dev-keys";
import { runSmokeFlow } from "../scripts/lib/smoke-flow";

// The same deploy + member journey as `chain:dev` + `chain:smoke`, in-process.
describe("dev deployment and smoke flow", () => {
  it("deploys the forwarder and both contracts trusting it with the dev authorizer and walks a member through mint, stake, unstake, check-in and tarot", async () => {
    const publicClient = await hre.viem.getPublicClient();
    const [deployer, , , , , member] = await hre.viem.getWalletClients();
    const record = await deployArcana({
      publicClient,
      walletClient: deployer,
      authorizer: devAuthorizerAddress,
      baseURI: "http://127.0.0.1:3000/api/nft/metadata/",
    });
    const genesis = await publicClient.getBlock({ blockNumber: 0n });
    expect(record.chainId).to.equal(31337);
    expect(record.genesisHash).to.equal(genesis.hash);
    expect(record.authorizer).to.equal(devAuthorizerAddress);
    expect(record.contracts.Daily.deployBlock).to.be.greaterThan(record.contracts.GenesisPass.deployBlock);
    // Both contracts trust the forwarder deployed with them, fixed at construction.
    const forwarder = record.contracts.Forwarder.address;
    const pass = await hre.viem.getContractAt("GenesisPass", record.contracts.GenesisPass.address);
    expect(await pass.read.trustedForwarder()).to.equal(forwarder);
    const daily = await hre.viem.getContractAt("Daily", record.contracts.Daily.address);
    expect(await daily.read.trustedForwarder()).to.equal(forwarder);

    const lines: string[] = [];
    const { tokenId, day } = await runSmokeFlow({
      publicClient,
      member: member,
      authorizer: privateKeyToAccount(devAuthorizerPrivateKey),
      deployment: record,
      log: (line) => lines.push(line),
    });
    expect(tokenId).to.equal(1n);
    expect(lines.map((line) => line.split(":")[0])).to.deep.equal([
      "mint",
      "stake",
      "unstake",
      "checkIn",
      "recordTarot",
    ]);
    expect(await daily.read.hasCheckedIn([member.account.address, day])).to.equal(true);
    expect(await daily.read.hasRecordedTarot([member.account.address, day])).to.equal(true);
  });
});
