import { genesisPassAbi } from "@arcana/contracts";
import { type Command, InvalidArgumentError } from "commander";
import pino from "pino";
import { createWalletClient, getAddress, http, isAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { viemChains } from "../chain/chains.js";
import { createChainClients } from "../chain/clients.js";
import { chainIndexerStatuses } from "../chain/indexer.js";
import { createAuthorizationSigner } from "../chain/signer.js";
import { createSignerHealth } from "../chain/signer-health.js";
import type { ChainConfig } from "../config.js";
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
      "per chain: RPC, head block, contracts, whether GenesisPass's authorizer is SIGNER_PRIVATE_KEY, indexer lag",
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
      const [signers, indexed] = await Promise.all([health.check(), context.read((db) => chainIndexerStatuses(db))]);
      let mismatched = 0;
      for (const entry of config.chains) {
        const head = await clients
          .client(entry.id)
          .getBlockNumber()
          .then(
            (block) => `head ${block}`,
            (error: unknown) =>
              `RPC does not answer (${error instanceof Error ? error.message.split("\n")[0] : error})`,
          );
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
        } else if (status) context.print(`  authorizer: could not be read (${status.error?.split("\n")[0]})`);
        const row = indexed.find((r) => r.chainId === entry.id);
        context.print(
          row?.headBlock != null && row.indexedBlock != null
            ? `  indexer: block ${row.indexedBlock} of ${row.headBlock} (${row.headBlock - row.indexedBlock} behind), led by ${row.leader ?? "?"}, reported ${row.updatedAt.toISOString()}${row.lastError ? `; last error: ${row.lastError}` : ""}`
            : "  indexer: no report yet",
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
        chain: { ...viemChains[target.key], rpcUrls: { default: { http: [target.rpcUrl] } } },
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
