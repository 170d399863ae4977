// `npm run bench:indexer`: how long the chain indexer takes to catch up on 10,000 events on a
// local Hardhat chain (127.0.0.1). PGlite in a temporary directory by default; a fresh database on
// the PostgreSQL server named by BENCH_DATABASE_URL when it is set. Fails when a count is wrong.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodeFunctionData, getAddress, type Hex, keccak256, parseAbi, parseAbiItem, toHex } from "viem";
import { createApp } from "../../server/src/app.js";
import { createIndexer } from "../../server/src/chain/indexer.js";
import { createAuthorizationSigner } from "../../server/src/chain/signer.js";
import { loadConfig } from "../../server/src/config.js";
import type { DatabaseHandle } from "../../server/src/db/client.js";
import {
  chainCursors,
  chainEvents,
  checkIns,
  ledgerEntries,
  passes,
  users,
  walletBindings,
} from "../../server/src/db/schema.js";
import { loadEconomy } from "../../server/src/economy.js";
import { createLogger } from "../../server/src/logger.js";
import { checkInPoints } from "../../server/src/modules/daily/rules.js";
import { startTestChain } from "../../server/src/test/chain.js";
import { deployArcana } from "../../server/src/test/contracts.js";
import { createTestDatabase } from "../../server/src/test/database.js";

/** Contract events to index (GenesisPass + Daily). */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
/** Consecutive GMT days the check-in wallets check in on (streaks, bonuses). */
const DAYS = Number(process.env.BENCH_DAYS ?? 4);
/** Transactions sent before each `evm_mine` (a block also ends at the 30M gas limit). */
const TXS_PER_BLOCK = Number(process.env.BENCH_TXS_PER_BLOCK ?? 200);
/** Delay added to each of the indexer's RPC requests, as a remote node would answer (0: none). */
const RPC_DELAY_MS = Number(process.env.BENCH_RPC_DELAY_MS ?? 0);
/** Every fifth check-in wallet is bound to no member: its check-ins are looked up and ignored. */
const isBound = (wallet: number) => wallet % 5 !== 4;
const DAY_S = 86_400;

if (!Number.isInteger(EVENTS) || EVENTS < 100) throw new Error("BENCH_EVENTS: a whole number, at least 100");
if (!Number.isInteger(DAYS) || DAYS < 1 || DAYS > 30) throw new Error("BENCH_DAYS: a whole number from 1 to 30");
if (!Number.isFinite(RPC_DELAY_MS) || RPC_DELAY_MS < 0) throw new Error("BENCH_RPC_DELAY_MS: 0 or more");
if (!Number.isInteger(TXS_PER_BLOCK) || TXS_PER_BLOCK < 1) throw new Error("BENCH_TXS_PER_BLOCK: a positive number");

// The mix: 5% of the events' worth of members mint a pass (Transfer + Locked) and stake it
// (Staked); every other event is a Daily check-in, spread over DAYS days.
const passHolders = Math.floor(EVENTS / 20);
const checkInEvents = EVENTS - passHolders * 3;
const wallets = Math.ceil(checkInEvents / DAYS);
/** How many wallets (the first n) check in on day `d` of the run. */
const checkInsOnDay = (d: number) => Math.max(0, Math.min(wallets, checkInEvents - d * wallets));

const walletAddress = (i: number) => getAddress(keccak256(toHex(`arcana-indexer-bench-${i}`)).slice(0, 42));
const addresses = Array.from({ length: wallets }, (_, i) => walletAddress(i));
/** Pass holders are the first bound wallets. */
const holders = addresses.filter((_, i) => isBound(i)).slice(0, passHolders);
if (holders.length < passHolders) throw new Error("too few bound wallets for the pass holders");

const benchAbi = parseAbi([
  "function checkIn()",
  "function mint(address to, uint256 nonce, uint256 deadline, bytes signature) returns (uint256)",
  "function stake(uint256 tokenId)",
]);
const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)");

/** A fresh database: PGlite in a temporary directory, or a new database on BENCH_DATABASE_URL. */
async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; label: string; dispose(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), "arcana-bench-indexer-"));
  const handle = await createTestDatabase(url, dataDir);
  return {
    handle,
    label: url ? "PostgreSQL" : "PGlite (on disk)",
    dispose: async () => {
      await handle.dispose().catch(() => {});
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Chain = Awaited<ReturnType<typeof startTestChain>>;

/** JSON-RPC batches straight to the node (viem sends one request per call). */
function rpcOf(chain: Chain) {
  return async function rpc<T = unknown>(calls: Array<[method: string, params: unknown[]]>): Promise<T[]> {
    const results: T[] = [];
    for (let start = 0; start < calls.length; start += 500) {
      const batch = calls.slice(start, start + 500);
      const res = await fetch(chain.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(batch.map(([method, params], id) => ({ jsonrpc: "2.0", id, method, params }))),
      });
      if (!res.ok) throw new Error(`RPC batch answered ${res.status}: ${await res.text()}`);
      const answers = (await res.json()) as Array<{ id: number; result?: T; error?: { message: string } }>;
      const byId = new Map(answers.map((answer) => [answer.id, answer]));
      batch.forEach(([method], id) => {
        const answer = byId.get(id);
        if (!answer || answer.error) throw new Error(`${method}: ${answer?.error?.message ?? "no answer"}`);
        results.push(answer.result as T);
      });
    }
    return results;
  };
}

interface Tx {
  from: Hex;
  to: Hex;
  data: Hex;
  gas: Hex;
}

/**
 * Sends transactions TXS_PER_BLOCK at a time, mining a block after each group, then mines until
 * every one is in a block; fails unless every receipt says success. Returns the blocks mined.
 */
async function sendAndMine(chain: Chain, txs: Tx[]): Promise<number> {
  const rpc = rpcOf(chain);
  const hashes: Hex[] = [];
  let mined = 0;
  let blocks = 0;
  const mine = async () => {
    await rpc([["evm_mine", []]]);
    const [txCount] = await rpc<Hex>([["eth_getBlockTransactionCountByNumber", ["latest"]]]);
    mined += Number(txCount);
    blocks += 1;
  };
  for (let start = 0; start < txs.length; start += TXS_PER_BLOCK) {
    hashes.push(
      ...(await rpc<Hex>(txs.slice(start, start + TXS_PER_BLOCK).map((tx) => ["eth_sendTransaction", [tx]]))),
    );
    await mine();
  }
  for (let extra = 0; mined < hashes.length; extra++) {
    if (extra > 1_000) throw new Error(`${hashes.length - mined} transactions never got into a block`);
    await mine();
  }
  const receipts = await rpc<{ status: Hex } | null>(hashes.map((hash) => ["eth_getTransactionReceipt", [hash]]));
  const failed = receipts.filter((receipt) => receipt?.status !== "0x1").length;
  if (failed > 0) throw new Error(`${failed} of ${hashes.length} transactions failed or are missing`);
  return blocks;
}

/** The next block starts the next GMT day (plus a minute), so a day's check-ins share one day. */
async function startNextDay(chain: Chain) {
  const latest = await chain.client.getBlock();
  const next = (Math.floor(Number(latest.timestamp) / DAY_S) + 1) * DAY_S + 60;
  await rpcOf(chain)([["evm_setNextBlockTimestamp", [toHex(next)]]]);
}

/** Funds and impersonates the wallets, then makes the events: mints, stakes, DAYS days of check-ins. */
async function generateEvents(chain: Chain, contracts: { genesisPass: Hex; daily: Hex }, signerKey: Hex) {
  const rpc = rpcOf(chain);
  await rpc(
    addresses.flatMap(
      (address): Array<[string, unknown[]]> => [
        ["hardhat_impersonateAccount", [address]],
        ["hardhat_setBalance", [address, toHex(10n ** 18n)]],
      ],
    ),
  );
  await rpc([["evm_setAutomine", [false]]]);

  const signer = createAuthorizationSigner(signerKey);
  const deadline = (await chain.client.getBlock()).timestamp + 3_600n;
  const mints: Tx[] = [];
  for (const to of holders) {
    const signature = await signer.signMint({
      chainId: 31337,
      contract: contracts.genesisPass,
      to,
      nonce: 0n,
      deadline,
    });
    const data = encodeFunctionData({ abi: benchAbi, functionName: "mint", args: [to, 0n, deadline, signature] });
    mints.push({ from: to, to: contracts.genesisPass, data, gas: toHex(300_000) });
  }
  const fromBlock = (await chain.client.getBlockNumber({ cacheTime: 0 })) + 1n;
  let blocks = await sendAndMine(chain, mints);

  const minted = await chain.client.getLogs({ address: contracts.genesisPass, event: transferEvent, fromBlock });
  if (minted.length !== passHolders) throw new Error(`${minted.length} passes minted, expected ${passHolders}`);
  blocks += await sendAndMine(
    chain,
    minted.map((log) => ({
      from: log.args.to as Hex,
      to: contracts.genesisPass,
      data: encodeFunctionData({ abi: benchAbi, functionName: "stake", args: [log.args.tokenId as bigint] }),
      gas: toHex(100_000),
    })),
  );

  const checkInData = encodeFunctionData({ abi: benchAbi, functionName: "checkIn" });
  for (let d = 0; d < DAYS; d++) {
    await startNextDay(chain);
    blocks += await sendAndMine(
      chain,
      addresses
        .slice(0, checkInsOnDay(d))
        .map((from) => ({ from, to: contracts.daily, data: checkInData, gas: toHex(100_000) })),
    );
  }
  await rpc([["evm_setAutomine", [true]]]);
  return blocks;
}

/** A proxy on 127.0.0.1 that holds every request RPC_DELAY_MS before passing it to the node. */
async function slowRpc(target: string) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      await new Promise((resolve) => setTimeout(resolve, RPC_DELAY_MS));
      try {
        const answer = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: Buffer.concat(chunks),
        });
        res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
      } catch (error) {
        res.writeHead(502).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("the RPC proxy has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function fail(what: string, actual: unknown, expected: unknown): never {
  throw new Error(`indexer bench: ${what} is ${String(actual)}, expected ${String(expected)}`);
}

const chain = await startTestChain();
let bench: Awaited<ReturnType<typeof openBenchDatabase>> | null = null;
let closeLimiter: (() => Promise<void>) | null = null;
let proxy: Awaited<ReturnType<typeof slowRpc>> | null = null;
try {
  const deployBlock = Number(await chain.client.getBlockNumber({ cacheTime: 0 })) + 1;
  const contracts = await deployArcana(chain);
  if (RPC_DELAY_MS > 0) proxy = await slowRpc(chain.url);
  const config = loadConfig({
    NODE_ENV: "test",
    ...contracts.env,
    LOCAL_DEPLOY_BLOCK: String(deployBlock),
    LOCAL_RPC_URL: proxy?.url ?? chain.url,
  });

  const generating = performance.now();
  const minedBlocks = await generateEvents(chain, contracts, config.signerPrivateKey);
  const generatedS = (performance.now() - generating) / 1000;
  const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));

  bench = await openBenchDatabase();
  const { db } = bench.handle;
  const logger = createLogger({ logLevel: "silent", isProduction: true }); // plain pino, writes nothing
  const app = createApp({ config, database: bench.handle, logger });
  closeLimiter = () => app.limiter.close();

  // Members bound to 80% of the check-in wallets, written straight to the database.
  const members = addresses.flatMap((address, i) =>
    isBound(i) ? [{ email: `bench-${i}@example.com`, walletAddress: address.toLowerCase() }] : [],
  );
  // Credits go to whoever held the wallet at the block time (wallet_bindings): bound long before.
  for (let start = 0; start < members.length; start += 1_000) {
    const rows = await db
      .insert(users)
      .values(members.slice(start, start + 1_000))
      .returning({ id: users.id, wallet: users.walletAddress });
    await db
      .insert(walletBindings)
      .values(rows.map((row) => ({ userId: row.id, kind: "evm", address: row.wallet ?? "", boundAt: new Date(0) })));
  }

  const indexer = createIndexer({
    db,
    clients: app.chainClients,
    chains: config.chains,
    handlers: app.eventHandlers,
    logger,
  });
  const started = performance.now();
  await indexer.syncAll();
  const seconds = (performance.now() - started) / 1000;

  // Everything must have landed, exactly once.
  const cursors = await db.select().from(chainCursors);
  for (const contract of ["GenesisPass", "Daily"]) {
    const cursor = cursors.find((c) => c.contract === contract);
    if (cursor?.nextBlock !== head + 1) fail(`the ${contract} cursor`, cursor?.nextBlock, head + 1);
  }
  // Read back whole tables (small) and count here.
  const byName = new Map<string, number>();
  for (const { name } of await db.select({ name: chainEvents.name }).from(chainEvents))
    byName.set(name, (byName.get(name) ?? 0) + 1);
  // GenesisPass's constructor emits OwnershipTransferred and AuthorizerUpdated: indexed too.
  const expectedByName: Record<string, number> = {
    CheckedIn: checkInEvents,
    Transfer: passHolders,
    Locked: passHolders,
    Staked: passHolders,
    OwnershipTransferred: 1,
    AuthorizerUpdated: 1,
  };
  for (const name of new Set([...Object.keys(expectedByName), ...byName.keys()]))
    if (byName.get(name) !== expectedByName[name])
      fail(`the number of ${name} events indexed`, byName.get(name), expectedByName[name]);
  const indexed = [...byName.values()].reduce((a, b) => a + b, 0);

  const economy = loadEconomy(config.economyFile);
  let expectedCredits = 0;
  let expectedPoints = 0;
  for (let i = 0; i < wallets; i++) {
    if (!isBound(i)) continue;
    for (let d = 0; d < DAYS && i < checkInsOnDay(d); d++) {
      expectedCredits += 1;
      expectedPoints += checkInPoints(economy.checkIn, d + 1);
    }
  }
  const credited = await db.select().from(checkIns);
  if (credited.length !== expectedCredits) fail("the number of credited check-ins", credited.length, expectedCredits);
  const ledger = (await db.select().from(ledgerEntries)).filter((entry) => entry.kind === "check_in");
  const ledgerPoints = ledger.reduce((total, entry) => total + entry.amount, 0);
  if (ledger.length !== expectedCredits) fail("the number of check-in ledger entries", ledger.length, expectedCredits);
  if (ledgerPoints !== expectedPoints) fail("the check-in points in the ledger", ledgerPoints, expectedPoints);
  const balances = (await db.select({ pts: users.pts }).from(users)).reduce((total, user) => total + user.pts, 0);
  if (balances !== expectedPoints) fail("the members' balances", balances, expectedPoints);
  const holderSet = new Set(holders.map((holder) => holder.toLowerCase()));
  const staked = (await db.select().from(passes)).filter((pass) => pass.staked && holderSet.has(pass.owner)).length;
  if (staked !== passHolders) fail("the number of staked passes of the holders", staked, passHolders);

  const blocks = head - deployBlock + 1;
  console.log(
    `indexer catch-up (${bench.label}): ${indexed} events in ${blocks} blocks: ${seconds.toFixed(2)} s, ${Math.round(indexed / seconds)} events/s`,
  );
  console.log(
    `  events: ${checkInEvents} Daily CheckedIn from ${wallets} wallets over ${DAYS} GMT days ` +
      `(${members.length} wallets bound to members: ${expectedCredits} credits, ${expectedPoints} points), ` +
      `${passHolders} GenesisPass mints (Transfer + Locked), ${passHolders} Staked, 2 from the deployment`,
  );
  console.log(
    `  blocks: ${minedBlocks} mined with events (${TXS_PER_BLOCK} txs sent per block); generating them took ${generatedS.toFixed(1)} s` +
      (RPC_DELAY_MS > 0 ? `; the indexer's RPC answered ${RPC_DELAY_MS} ms late` : ""),
  );
} finally {
  await closeLimiter?.().catch(() => {});
  await bench?.dispose();
  await proxy?.close();
  await chain.stop();
}
