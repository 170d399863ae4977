import type { Dependency, PublicConfig, Readiness } from "@arcana/protocol";
import type { Logger } from "pino";
import { publicBranding } from "../../branding.js";
import { gasNotes } from "../../chain/chains.js";
import type { Config } from "../../config.js";

/** The part of the configuration a browser may see: never secrets, only what the web needs. */
export function buildPublicConfig(config: Config, buildId: string): PublicConfig {
  const defaultChain = config.chains.find((chain) => chain.key === config.defaultChain);
  return {
    environment: config.env,
    default_chain_id: defaultChain?.id ?? config.chains[0]?.id ?? 0,
    chains: config.chains.map((chain) => {
      return {
        id: chain.id,
        key: chain.key,
        name: chain.name,
        rpc_url: chain.publicRpcUrl,
        explorer_url: chain.explorerUrl,
        native_currency: { ...chain.nativeCurrency },
        gas_note: gasNotes[chain.key] ?? null,
        bridge_url: chain.bridgeUrl,
        contracts: {
          genesis_pass: chain.genesisPassAddress,
          daily: chain.dailyAddress,
          forwarder: chain.forwarderAddress,
        },
      };
    }),
    solana_cluster: config.solanaCluster,
    branding: publicBranding(config.branding),
    walletconnect_project_id: config.walletConnectProjectId,
    build_id: buildId,
  };
}

/** Ready means every dependency a request needs answers now; a failing check names it, never its error. */
export async function checkReadiness(
  dependencies: Partial<Record<Dependency, () => Promise<void>>>,
  logger: Logger,
  timeoutMs = 2000,
): Promise<Readiness> {
  const checks: Readiness["checks"] = {};
  await Promise.all(
    Object.entries(dependencies).map(async ([name, ping]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([ping(), timeout]);
        checks[name] = { ok: true };
      } catch (error) {
        logger.warn({ err: error, dependency: name }, `readiness: ${name} unavailable`);
        checks[name] = { ok: false, reason: `${name} unavailable` };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const ready = Object.values(checks).every((check) => check.ok);
  return { status: ready ? "ready" : "unavailable", checks };
}
