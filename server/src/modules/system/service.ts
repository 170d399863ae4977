import type { PublicConfig, Readiness } from "@arcana/protocol";
import { gasNotes, viemChains } from "../../chain/chains.js";
import type { Config } from "../../config.js";
import type { DatabaseHandle } from "../../db/client.js";

/** The part of the configuration a browser may see: never secrets, only what the web needs. */
export function buildPublicConfig(config: Config, buildId: string): PublicConfig {
  const defaultChain = config.chains.find((chain) => chain.key === config.defaultChain);
  return {
    environment: config.env,
    default_chain_id: defaultChain?.id ?? config.chains[0]?.id ?? 0,
    chains: config.chains.map((chain) => {
      const known = viemChains[chain.key];
      return {
        id: chain.id,
        key: chain.key,
        name: known.name,
        rpc_url: chain.publicRpcUrl,
        explorer_url: known.blockExplorers?.default.url ?? null,
        native_currency: { ...known.nativeCurrency },
        gas_note: gasNotes[chain.key] ?? null,
        contracts: { genesis_pass: chain.genesisPassAddress, daily: chain.dailyAddress },
      };
    }),
    solana_cluster: config.solanaCluster,
    walletconnect_project_id: config.walletConnectProjectId,
    build_id: buildId,
  };
}

/** Ready means every dependency a request needs answers now; each failing check says why. */
export async function checkReadiness(db: DatabaseHandle, timeoutMs = 2000): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.ping(), timeout]);
    return { status: "ready", checks: { database: { ok: true } } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: "unavailable", checks: { database: { ok: false, reason: `database unreachable: ${reason}` } } };
  } finally {
    clearTimeout(timer);
  }
}
