import { readFileSync } from "node:fs";
import path from "node:path";
import { dailyAbi } from "@arcana/contracts";
import { devDeployerPrivateKey } from "@arcana/contracts/dev-keys";
import { creditCheckInRoute, creditTarotRecordRoute, getChainTarotRoute, getTarotDrawRoute } from "@arcana/protocol";
import pino from "pino";
import { createWalletClient, type Hex, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../chain/clients.js";
import { loadConfig, repoRoot } from "../../config.js";
import { apiClient, dataOf } from "../../test/api-client.js";
import { createTestApp } from "../../test/app.js";
import { startTestChain } from "../../test/chain.js";
import { testEconomy } from "../../test/daily.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../../test/members.js";
import { createCheckInService } from "./service.js";

// Hardhat's public default accounts #0, #2, #3 and #4: known to everyone, funded only on the local chain.
const deployer = privateKeyToAccount(devDeployerPrivateKey);
const memberAccount = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
const strangerAccount = privateKeyToAccount("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6");
const patientAccount = privateKeyToAccount("0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a");

const economy = testEconomy();

let chain: Awaited<ReturnType<typeof startTestChain>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let daily: Hex;
let member: Awaited<ReturnType<typeof signUpMember>>;
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

const walletOf = (account: typeof deployer) =>
  createWalletClient({ account, chain: hardhat, transport: http(chain.url) });

async function deployDaily(): Promise<Hex> {
  const artifactFile = path.join(repoRoot, "contracts/artifacts/src/Daily.sol/Daily.json");
  const { bytecode } = JSON.parse(readFileSync(artifactFile, "utf8")) as { bytecode: Hex };
  // No forwarder: these members pay their own gas.
  const hash = await walletOf(deployer).deployContract({ abi: dailyAbi, bytecode, args: [zeroAddress] });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error("Daily was not deployed");
  return receipt.contractAddress;
}

async function send(account: typeof deployer, functionName: "checkIn"): Promise<Hex>;
async function send(account: typeof deployer, functionName: "recordTarot", digest: Hex): Promise<Hex>;
async function send(account: typeof deployer, functionName: "checkIn" | "recordTarot", digest?: Hex): Promise<Hex> {
  const hash =
    functionName === "checkIn"
      ? // A fixed gas limit lets a reverting call be mined instead of refused at estimation.
        await walletOf(account).writeContract({ address: daily, abi: dailyAbi, functionName, gas: 200_000n })
      : await walletOf(account).writeContract({
          address: daily,
          abi: dailyAbi,
          functionName,
          args: [digest as Hex],
          gas: 200_000n,
        });
  await chain.client.waitForTransactionReceipt({ hash });
  return hash;
}

/** Mines a check-in that reverts (Hardhat's node refuses to send one while automining). */
async function sendRevertedCheckIn(account: typeof deployer): Promise<Hex> {
  await chain.client.setAutomine(false);
  try {
    const hash = await walletOf(account).writeContract({
      address: daily,
      abi: dailyAbi,
      functionName: "checkIn",
      gas: 200_000n,
    });
    await chain.client.mine({ blocks: 1 });
    return hash;
  } finally {
    await chain.client.setAutomine(true);
  }
}

function appEnv(confirmations: number) {
  return {
    CHAINS: "local",
    LOCAL_RPC_URL: chain.url,
    LOCAL_DAILY_ADDRESS: daily,
    LOCAL_CONFIRMATIONS: String(confirmations),
  };
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

beforeAll(async () => {
  chain = await startTestChain();
  daily = await deployDaily();
  // The real clock: the chain's blocks carry real timestamps, and the day must agree.
  t = await createTestApp({ env: appEnv(0), economy });
  member = await signUpMember(t, "on-chain@example.com");
  await bindWalletDirectly(t.database.db, member.userId, memberAccount.address);
});
afterAll(async () => {
  await t?.dispose();
  await chain?.stop();
});

describe("POST /blockchain/check_in with a real transaction", () => {
  let checkInHash: Hex;

  it("credits the member's own confirmed check-in at once", async () => {
    checkInHash = await send(memberAccount, "checkIn");
    const res = await api.call(creditCheckInRoute, {
      body: { tx_hash: checkInHash, chain_id: 31337 },
      auth: member.auth,
    });
    expect(res.status).toBe(200);
    const data = await dataOf(creditCheckInRoute, res);
    expect(data).toMatchObject({ credited: true, streak: 1, points: 10 });
    expect(await balanceOf(t.database.db, member.userId)).toBe(10);
  });

  it("changes nothing when the same check-in comes again, by hash or from the indexer", async () => {
    const again = await api.data(creditCheckInRoute, {
      body: { tx_hash: checkInHash, chain_id: 31337 },
      auth: member.auth,
    });
    expect(again.credited).toBe(false);
    const receipt = await chain.client.getTransactionReceipt({ hash: checkInHash });
    const fromIndexer = await t.checkIn.creditCheckIn({
      wallet: memberAccount.address,
      day: Math.floor(Date.now() / 86_400_000),
      chainId: 31337,
      txHash: checkInHash,
      logIndex: receipt.logs[0]?.logIndex ?? 0,
      blockHash: receipt.blockHash,
      blockTime: new Date(),
    });
    expect(fromIndexer?.credited).toBe(false);
    expect(await balanceOf(t.database.db, member.userId)).toBe(10);
  });

  it("refuses a transaction that failed on chain (a second check-in the same day)", async () => {
    const reverted = await sendRevertedCheckIn(memberAccount);
    const res = await api.call(creditCheckInRoute, { body: { tx_hash: reverted, chain_id: 31337 }, auth: member.auth });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/failed on chain/);
  });

  it("refuses someone else's check-in", async () => {
    const theirs = await send(strangerAccount, "checkIn");
    const res = await api.call(creditCheckInRoute, { body: { tx_hash: theirs, chain_id: 31337 }, auth: member.auth });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(/another wallet/);
  });

  it("refuses a transaction that is not a call to the Daily contract", async () => {
    const transfer = await walletOf(memberAccount).sendTransaction({ to: strangerAccount.address, value: 1n });
    await chain.client.waitForTransactionReceipt({ hash: transfer });
    const res = await api.call(creditCheckInRoute, { body: { tx_hash: transfer, chain_id: 31337 }, auth: member.auth });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/not a call to the Daily contract/);
  });

  it("says 'not confirmed yet, try again' for an unknown hash", async () => {
    const res = await api.call(creditCheckInRoute, {
      body: { tx_hash: `0x${"12".repeat(32)}`, chain_id: 31337 },
      auth: member.auth,
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "conflict", message: expect.stringMatching(/not confirmed yet/) });
  });

  it("waits for the chain's confirmations before crediting", async () => {
    // The same database, seen through a chain configured to wait for 2 confirmations.
    const strict = createCheckInService({
      db: t.database.db,
      economy,
      logger: pino({ level: "silent" }),
      now: () => new Date(),
      chainClients: createChainClients(loadConfig({ NODE_ENV: "test", ...appEnv(2) })),
    });
    const patient = await signUpMember(t, "patient@example.com");
    await bindWalletDirectly(t.database.db, patient.userId, patientAccount.address);
    const hash = await send(patientAccount, "checkIn");
    const submit = () =>
      strict.creditSubmittedCheckIn({ uid: patient.userId, wallet_address: patientAccount.address }, 31337, hash);
    await expect(submit()).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/0 of 2/) });
    expect(await balanceOf(t.database.db, patient.userId)).toBe(0);
    await chain.client.mine({ blocks: 2 });
    await expect(submit()).resolves.toMatchObject({ credited: true, points: 10 });
  });
});

describe("recording the tarot draw on chain", () => {
  it("credits the tarot points once when the member records today's draw, and shows it per network", async () => {
    const draw = await api.data(getTarotDrawRoute, { auth: member.auth });
    const hash = await send(memberAccount, "recordTarot", draw.digest);
    const before = await balanceOf(t.database.db, member.userId);
    const record = { body: { tx_hash: hash, chain_id: 31337 }, auth: member.auth };
    const res = await api.call(creditTarotRecordRoute, record);
    expect(res.status).toBe(200);
    expect(await dataOf(creditTarotRecordRoute, res)).toMatchObject({ credited: true, points: 25 });
    expect((await api.data(creditTarotRecordRoute, record)).credited).toBe(false);
    expect(await balanceOf(t.database.db, member.userId)).toBe(before + 25);

    const onOp = await api.data(getChainTarotRoute, { query: { network: "op" }, auth: member.auth });
    expect(onOp.is_tarot).toBe(true);
    const onZkf = await api.data(getChainTarotRoute, { query: { network: "zkf" }, auth: member.auth });
    expect(onZkf.is_tarot).toBe(false);
  });

  it("refuses a record of some other draw: members cannot earn points for made-up cards", async () => {
    const stranger = await signUpMember(t, "made-up-cards@example.com");
    await bindWalletDirectly(t.database.db, stranger.userId, strangerAccount.address);
    const hash = await send(strangerAccount, "recordTarot", `0x${"42".repeat(32)}`);
    const res = await api.call(creditTarotRecordRoute, {
      body: { tx_hash: hash, chain_id: 31337 },
      auth: stranger.auth,
    });
    expect(await errorOf(res)).toMatchObject({ code: "bad_request", message: expect.stringMatching(/different draw/) });
    expect(await balanceOf(t.database.db, stranger.userId)).toBe(0);
  });
});
