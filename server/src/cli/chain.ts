import { genesisPassAbi } from "@arcana/contracts";
import { type Command, InvalidArgumentError } from "commander";
import pino from "pino";
import { createWalletClient, getAddress, http, isAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { viemChainOf } from "../chain/chains.js";
import { createChainClients } from "../chain/clients.js";
import { chainIndexerStatuses } from "../chain/indexer.js";
import { createRpcHealth } from "../chain/rpc-health.js";
import { createAuthorizationSigner } from "../chain/signer.js";
import { createSignerHealth } from "../chain/signer-health.js";
import { type ChainConfig, chainEnvPrefix } from "../config.js";
import { OperationFailed } from "./connect.js";
import type { CliContext } from "./context.js";

function evmAddress(value: string): `0x${string}` {
  if (!isAddress(value, { strict: false })) throw new InvalidArgumentError("It must be a 0x address.");
  return getAddress(value);
}

/** `chain status|set-authorizer`: each configured chain as this configuration sees it; pointing the contracts at a new signer. */
export function registerChainCommands(program: Command, context: CliContext) {
  const chain = program.command("chain").description("the configured EVM chains and their contracts");

  chain
    .command("status")
    .description(
      "per chain: RPC (its chain id verified), head block, contracts, whether GenesisPass's authorizer is SIGNER_PRIVATE_KEY, indexer lag; exits 1 when an RPC fails or the signer does not match",
    )
    .action(async () => {
      const { config } = context;
      const clients = createChainClients(config);
      const signer = createAuthorizationSigner(config.signerPrivateKey);
      const health = createSignerHealth({
        config,
        chainClients: clients,
        signer,
        logger: pino({ level: "silent" }),
        now: () => new Date(),
      });
      const rpc = createRpcHealth({
        config,
        chainClients: clients,
        envPrefix: (entry) => chainEnvPrefix[entry.key],
        logger: pino({ level: "silent" }),
        now: () => new Date(),
      });
      const [rpcs, signers, indexed] = await Promise.all([
        rpc.check(),
        health.check(),
        context.read((db) => chainIndexerStatuses(db)),
      ]);
      let mismatched = 0;
      let unreachable = 0;
      for (const entry of config.chains) {
        const answer = rpcs.find((s) => s.chainId === entry.id);
        let head: string;
        if (answer?.up) head = `chain id ${answer.servedChainId} (verified), head ${answer.head}`;
        else {
          unreachable++;
          head = `RPC FAILS since ${answer?.error?.at.toISOString()}: ${answer?.error?.message}`;
        }
        context.print(`${entry.key} (chain id ${entry.id})  ${entry.rpcUrl}  ${head}`);
        context.print(
          `  GenesisPass ${entry.genesisPassAddress ?? "(not set)"}  Daily ${entry.dailyAddress ?? "(not set)"}`,
        );
        const status = signers.find((s) => s.chainId === entry.id);
        if (status?.matches === true) context.print(`  authorizer ${status.authorizer}: matches SIGNER_PRIVATE_KEY`);
        else if (status?.matches === false) {
          mismatched++;
          context.print(
            `  authorizer ${status.authorizer}: DOES NOT MATCH SIGNER_PRIVATE_KEY (${signer.address}); mints and unstakes are refused`,
          );
        } else if (status) {
          context.print(
            `  authorizer: could not be read at ${status.checkedAt.toISOString()} (${status.error?.split("\n")[0]})`,
          );
        }
        const row = indexed.find((r) => r.chainId === entry.id);
        // An error older than the last completed pass is history: shown as such, with its time.
        const error = !row?.lastError
          ? ""
          : row.lastErrorAt && row.lastErrorAt > row.updatedAt
            ? `; FAILING since its last pass: ${row.lastError} (at ${row.lastErrorAt.toISOString()})`
            : `; recovered from: ${row.lastError} (at ${row.lastErrorAt?.toISOString() ?? "?"})`;
        context.print(
          row?.headBlock != null && row.indexedBlock != null
            ? `  indexer: block ${row.indexedBlock} of ${row.headBlock} (${row.headBlock - row.indexedBlock} behind), led by ${row.leader ?? "?"}, last pass ${row.updatedAt.toISOString()}${error}`
            : `  indexer: no report yet${error}`,
        );
      }
      if (unreachable > 0) {
        throw new OperationFailed(
          `${unreachable} chain(s) have an RPC that does not answer or serves another chain.${mismatched > 0 ? ` ${mismatched} chain(s) do not accept this server's signer.` : ""}`,
        );
      }
      if (mismatched > 0) throw new OperationFailed(`${mismatched} chain(s) do not accept this server's signer.`);
    });

  chain
    .command("set-authorizer")
    .description("make GenesisPass on <chain> accept <address> as its signer (OWNER_PRIVATE_KEY: the contracts' owner)")
    .argument("<chain>", "a chain named in CHAINS (e.g. opBNB)")
    .argument("<address>", "the new signer's address (SIGNER_PRIVATE_KEY's)", evmAddress)
    .action(async (key: string, address: `0x${string}`) => {
      const target: ChainConfig | undefined = context.config.chains.find((c) => c.key === key);
      if (!target)
        throw new OperationFailed(`${key} is not in CHAINS (${context.config.chains.map((c) => c.key).join(", ")}).`);
      if (!target.genesisPassAddress) throw new OperationFailed(`${key} has no GenesisPass address.`);
      const ownerKey = process.env.OWNER_PRIVATE_KEY;
      if (!ownerKey || !/^0x[0-9a-fA-F]{64}$/.test(ownerKey)) {
        throw new OperationFailed(
          "Set OWNER_PRIVATE_KEY to the contracts' owner key (0x followed by 64 hex characters).",
        );
      }
      const owner = privateKeyToAccount(ownerKey as `0x${string}`);
      const client = createChainClients(context.config).client(target.id);
      const wallet = createWalletClient({
        account: owner,
        chain: viemChainOf(target),
        transport: http(target.rpcUrl),
      });
      const hash = await wallet.writeContract({
        address: target.genesisPassAddress,
        abi: genesisPassAbi,
        functionName: "setAuthorizer",
        args: [address],
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new OperationFailed(`The transaction ${hash} reverted.`);
      context.print(
        `GenesisPass on ${key} now accepts ${address} (transaction ${hash}, block ${receipt.blockNumber}).`,
      );
    });
}
