import type { Language, PublicConfig } from "@arcana/protocol";
import { catalogs } from "./messages.server";

/**
 * The public config with each chain named in the reader's language: the local development chain's name
 * is a phrase ("Local chain"), so it comes from the catalogs; the others are brand names (opBNB, zkFair)
 * or the operator's own (`custom`) and stay as configured.
 */
export function withChainNames(config: PublicConfig, language: Language): PublicConfig {
  if (!config.chains.some((chain) => chain.key === "local")) return config;
  const local = catalogs[language]["shell.chain.local"] ?? catalogs.en["shell.chain.local"];
  return {
    ...config,
    chains: config.chains.map((chain) => (chain.key === "local" && local ? { ...chain, name: local } : chain)),
  };
}
