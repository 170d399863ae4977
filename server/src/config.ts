import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { type ChainKey, chainIds, evmAddressSchema, chainKeys as knownChainKeys, MAX_CHAIN_ID } from "@arcana/protocol";
import { z } from "zod";
import { type Branding, BrandingError, loadBranding } from "./branding.js";
import { bridgeUrls, isChainKey, viemChains } from "./chain/chains.js";
import { findCustomDeployment, findDeployment } from "./chain/deployments.js";
import { DEV_SESSION_SECRET, DEV_SIGNER_PRIVATE_KEY, developmentSecretsIn } from "./known-development-secrets.js";
import { type ProxyTrust, parseProxyTrust } from "./proxy-trust.js";
import { relayerKeyProblems } from "./relayer-keys.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const address = evmAddressSchema;
const url = z.string().url("must be a URL");
const privateKey = z.templateLiteral(["0x", z.string().regex(/^[0-9a-fA-F]{64}$/)], {
  error: "must be 0x followed by 64 hex characters",
});

/** Per-chain settings come from variables named after the chain, e.g. OPBNB_RPC_URL. */
export const chainEnvPrefix: Record<ChainKey, string> = {
  local: "LOCAL",
  opBNB: "OPBNB",
  opBNBTestnet: "OPBNB_TESTNET",
  zkFair: "ZKFAIR",
  custom: "CUSTOM",
};

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: url.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `on`: one JSON line per answered request (reqId, method, route pattern, status, ms). */
  ACCESS_LOG: z.enum(["on", "off"]).default("off"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_SOCKET_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** The secret before the last rotation: sign-in codes it keyed are still accepted while it is set. */
  SESSION_SECRET_PREVIOUS: z.string().min(32, "must be at least 32 characters").optional(),
  /** Keys the daily tarot draw; without it, SESSION_SECRET does (as before it existed). */
  TAROT_DRAW_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  CHAINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const keys = value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
      for (const key of keys) {
        if (!isChainKey(key)) {
          ctx.addIssue({
            code: "custom",
            message: `unknown chain "${key}"; known: ${knownChainKeys.join(", ")}`,
          });
          return z.NEVER;
        }
      }
      return keys as ChainKey[];
    }),
  DEFAULT_CHAIN: z
    .string()
    .optional()
    .refine((value) => value === undefined || isChainKey(value), `must be one of ${knownChainKeys.join(", ")}`),
  /** `on`: visitors' pages are rendered once and served from memory (the visitor page cache); on in production. */
  VISITOR_PAGE_CACHE: z.enum(["on", "off"]).optional(),
  /** How long the visitor page cache serves a page before rendering it again. */
  VISITOR_PAGE_CACHE_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  /** How many pages (URL and language) the visitor page cache holds. */
  VISITOR_PAGE_CACHE_PAGES: z.coerce.number().int().min(1).max(100_000).default(200),
  /** How long a chain's RPC may stay silent before `/readyz` reports the server degraded. */
  RPC_DOWN_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SOLANA_CLUSTER: z.enum(["mainnet-beta", "testnet", "devnet"]).default("mainnet-beta"),
  WALLETCONNECT_PROJECT_ID: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  /** Signs mint and unstake authorizations (EIP-712); must be the contracts' authorizer. */
  SIGNER_PRIVATE_KEY: privateKey.optional(),
  /** Pays sponsored transactions on every chain without a key of its own; never the authorizer's key. */
  RELAYER_PRIVATE_KEY: privateKey.optional(),
  /** The economy file (points, streak bonuses, …); relative paths start at the repository root. */
  ECONOMY_FILE: z.string().min(1).optional(),
  /** The branding file (name, logo, colours, links, e-mail sender); relative paths start at the repository root. */
  BRANDING_FILE: z.string().min(1).optional(),
  /** An OpenAI-compatible API base URL (…/v1) that writes tarot readings; the built-in writer otherwise. */
  TAROT_LLM_URL: url.optional(),
  TAROT_LLM_KEY: z.string().min(1).optional(),
  TAROT_LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  TAROT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  INDEXER: z.enum(["on", "off"]).default("on"),
  /** Whether this server runs the relayer of sponsored transactions (one sends per chain at a time anyway). */
  RELAYER: z.enum(["on", "off"]).default("on"),
  ALLOWLIST_ENABLED: z.enum(["0", "1", "true", "false"]).optional(),
  /** Bearer token that opens `/metrics`; without it `/metrics` is not served in production. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx) => {
      const trust = parseProxyTrust(value);
      if (typeof trust === "string") {
        ctx.addIssue({ code: "custom", message: trust });
        return z.NEVER;
      }
      return trust;
    }),
});

const chainEnvSchema = z.object({
  RPC_URL: url.optional(),
  /** The RPC URL handed to browsers, when it differs from the server's. */
  PUBLIC_RPC_URL: url.optional(),
  GENESIS_PASS_ADDRESS: address.optional(),
  DAILY_ADDRESS: address.optional(),
  /** The ERC-2771 forwarder GenesisPass and Daily trust (sponsored transactions go through it). */
  FORWARDER_ADDRESS: address.optional(),
  /** Where members get the chain's gas token; defaults to the chain's official bridge. */
  BRIDGE_URL: url.optional(),
  /** First block to index; defaults to the deployment's block. */
  DEPLOY_BLOCK: z.coerce.number().int().min(0).optional(),
  CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).optional(),
  /** The relayer key of this chain (sponsored transactions), over RELAYER_PRIVATE_KEY. */
  RELAYER_PRIVATE_KEY: privateKey.optional(),
});

/** What the built-in chains know by themselves and the `custom` chain takes from CUSTOM_* variables. */
const customChainSchema = z.object({
  CHAIN_ID: z.coerce.number().int().min(1).max(MAX_CHAIN_ID),
  /** What members see, e.g. "Arcana Chain". */
  CHAIN_NAME: z.string().min(1).default("Custom chain"),
  RPC_URL: url,
  EXPLORER_URL: url.optional(),
  NATIVE_SYMBOL: z.string().min(1).max(12).default("ETH"),
  NATIVE_NAME: z.string().min(1).optional(),
  /** The deploy's record (`npm run deploy -- --network custom` writes contracts/deployments/custom.json). */
  DEPLOYMENT_FILE: z.string().min(1).optional(),
});

export interface ChainConfig {
  key: ChainKey;
  id: number;
  /** What members see (viem's name for a built-in chain, CUSTOM_CHAIN_NAME for `custom`). */
  name: string;
  /** The block explorer's base URL (transactions at `<url>/tx/<hash>`), when known. */
  explorerUrl: string | null;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrl: string;
  publicRpcUrl: string;
  genesisPassAddress: `0x${string}` | null;
  dailyAddress: `0x${string}` | null;
  /** The ERC-2771 forwarder the contracts trust: members sign ForwardRequests for it. */
  forwarderAddress: `0x${string}` | null;
  /** Where members get the gas token (shown when their wallet has none). */
  bridgeUrl: string | null;
  /** Block the contracts were deployed in: where indexing starts. */
  deployBlock: number;
  /** Blocks to wait before an event counts (0 on the local chain). */
  confirmations: number;
  /** Signs the sponsored transactions it pays for; null: sponsorship is off on this chain. */
  relayerPrivateKey: `0x${string}` | null;
  /** Hash of block 0 when known from the deployment; a restarted local chain has a new one. */
  genesisHash: `0x${string}` | null;
}

export interface Config {
  env: "development" | "test" | "production";
  isProduction: boolean;
  /** What production runs with but an operator most likely did not mean (the server logs each at start). */
  warnings: string[];
  port: number;
  host: string;
  publicUrl: string;
  logLevel: string;
  /** One `info` line per answered request (ACCESS_LOG=on). */
  accessLog: boolean;
  /**
   * Visitors' pages rendered once and served from memory for `ttlMs`, at most `maxPages` of them
   * (VISITOR_PAGE_CACHE, VISITOR_PAGE_CACHE_SECONDS, VISITOR_PAGE_CACHE_PAGES); null: every page is rendered.
   */
  visitorPageCache: { ttlMs: number; maxPages: number } | null;
  /** `socketPort`: where the server shares its embedded database on 127.0.0.1 (0: a free port). */
  database: { url: string | null; dataDir: string; socketPort: number };
  sessionSecret: string;
  /** SESSION_SECRET_PREVIOUS: still accepted for sign-in codes during a rotation. */
  previousSessionSecret: string | null;
  /** Keys the daily tarot draw: TAROT_DRAW_SECRET, else the session secret. */
  tarotDrawSecret: string;
  chains: ChainConfig[];
  /** Seconds without an answer from a chain's RPC before `/readyz` says degraded (RPC_DOWN_AFTER_SECONDS). */
  rpcDownAfterSeconds: number;
  defaultChain: ChainKey;
  solanaCluster: "mainnet-beta" | "testnet" | "devnet";
  walletConnectProjectId: string | null;
  mail: { smtpUrl: string | null; from: string };
  redisUrl: string | null;
  /** Opens `/metrics` (`Authorization: Bearer …`); null: open outside production, absent in it. */
  metricsToken: string | null;
  /** The EIP-712 authorizer key (the public dev key outside production). */
  signerPrivateKey: `0x${string}`;
  /** Whether this server runs the chain indexer (only one leads at a time anyway). */
  indexerEnabled: boolean;
  /** Whether this server runs the relayer (only one sends per chain at a time anyway). */
  relayerEnabled: boolean;
  /** Minting needs an allowlist place (on in production, off in development unless set). */
  allowlistEnabled: boolean;
  /** Which X-Forwarded-For entries name the client (only those our own proxies appended). */
  trustProxy: ProxyTrust;
  economyFile: string;
  /** The deployment's name and look (BRANDING_FILE or config/branding.json; Arcana's own without either). */
  branding: Branding;
  /** The language model that writes tarot readings, when configured. */
  tarotLlm: { url: string; key: string | null; model: string; timeoutMs: number } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Hardhat's public account #19: the local chain's relayer in development (funded by every fresh local chain). */
const DEV_RELAYER_PRIVATE_KEY = "0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e";

function issuesToProblems(issues: z.core.$ZodIssue[], prefix = ""): string[] {
  return issues.map((issue) => `${prefix}${String(issue.path[0] ?? "?")}: ${issue.message}`);
}

/**
 * The process's environment over the settings file: `ENV_FILE`, or `.env` at the repository root
 * when it exists. The servers, the indexer, `npm run admin` and `npm run db:migrate` all read it, so
 * a command run from an operator's shell sees what the servers see (a variable set in the shell wins).
 */
export function readEnvironment(
  rawEnv: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  const file = rawEnv.ENV_FILE ? path.resolve(repoRoot, rawEnv.ENV_FILE) : path.join(repoRoot, ".env");
  if (!existsSync(file)) {
    if (rawEnv.ENV_FILE) throw new ConfigError([`ENV_FILE: ${file} does not exist`]);
    return rawEnv;
  }
  return { ...parseEnv(readFileSync(file, "utf8")), ...rawEnv };
}

/** https, or a loopback address (a production build tried on this machine: browsers treat it as secure). */
function isHttpsOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

/**
 * What in an RPC URL looks like a credential (null: nothing): a user or password, a key-like query
 * parameter or a long token in the path or query (Infura's `/v3/<32 hex>`, Alchemy's `/v2/<key>`, `?apikey=`).
 * Such a URL must never reach browsers (`/api/config`, the CSP), so it is never the public RPC URL by default.
 */
export function rpcUrlCredential(value: string): string | null {
  const parsed = new URL(value);
  if (parsed.username || parsed.password) return "a user or password";
  const tokenLike = (part: string) => /^[A-Za-z0-9_-]{20,}$/.test(part) && /\d/.test(part) && /[A-Za-z]/.test(part);
  for (const [name, parameter] of parsed.searchParams) {
    if (/key|token|secret|auth|pass/i.test(name)) return `the query parameter "${name}"`;
    if (tokenLike(parameter)) return "a token in the query";
  }
  if (parsed.pathname.split("/").some((segment) => tokenLike(segment) || /^[0-9a-f]{32,}$/i.test(segment))) {
    return "a key-like path segment";
  }
  return null;
}

/** A chain named in CHAINS must have its contracts in production: otherwise it would serve "ready" on nothing. */
function chainsWithoutContracts(chains: ChainConfig[]): string[] {
  return chains.flatMap((chain) => {
    const prefix = chainEnvPrefix[chain.key];
    const missing = [
      chain.genesisPassAddress ? null : `${prefix}_GENESIS_PASS_ADDRESS`,
      chain.dailyAddress ? null : `${prefix}_DAILY_ADDRESS`,
    ].filter((name) => name !== null);
    if (missing.length === 0) return [];
    return [
      `${missing.join(", ")}: ${chain.key} is in CHAINS but has no contracts; set the deployed addresses ` +
        `(or commit contracts/deployments/${chain.id}.json from the deploy), or remove ${chain.key} from CHAINS`,
    ];
  });
}

/** Settings production starts without, each with what the members would meet instead. */
function productionWarnings(e: { PUBLIC_URL?: string; MAIL_FROM?: string; TAROT_DRAW_SECRET?: string }): string[] {
  return [
    e.PUBLIC_URL
      ? null
      : "PUBLIC_URL is not set: e-mails, the pass's metadata and invite links point at http://localhost (set the site's https:// address)",
    e.MAIL_FROM
      ? null
      : "MAIL_FROM is not set: sign-in codes are sent from no-reply@arcana.local, which mail providers refuse or file as spam (set an address of your domain)",
    e.TAROT_DRAW_SECRET
      ? null
      : "TAROT_DRAW_SECRET is not set: the daily draw is keyed by SESSION_SECRET, so rotating it changes the day's cards (docs/operating.md, Rotating secrets)",
  ].filter((warning) => warning !== null);
}

/** Reads the whole configuration once; throws a ConfigError naming every wrong variable. */
export function loadConfig(rawEnv: Record<string, string | undefined> = readEnvironment()): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most tools.
  const env = Object.fromEntries(Object.entries(rawEnv).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(issuesToProblems(parsed.error.issues));
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const problems: string[] = [];

  if (isProduction && !e.SESSION_SECRET) problems.push("SESSION_SECRET: is required in production");
  if (isProduction && !e.SIGNER_PRIVATE_KEY) problems.push("SIGNER_PRIVATE_KEY: is required in production");
  // Keys and secrets anyone can read (Hardhat's accounts, the development session secret) never run live.
  if (isProduction) problems.push(...developmentSecretsIn(env));
  // The session cookie is Secure (`__Host-`): over plain HTTP browsers drop it and nobody stays signed in.
  if (isProduction && e.PUBLIC_URL && !isHttpsOrLoopback(e.PUBLIC_URL)) {
    problems.push(
      "PUBLIC_URL: must be an https:// URL in production (the session cookie is Secure: browsers drop it over plain HTTP); terminate TLS in front of the server (docs/operating.md, HTTPS)",
    );
  }
  if (isProduction && !e.SMTP_URL) {
    problems.push("SMTP_URL: is required in production (sign-in codes must be e-mailed, not kept in a dev mailbox)");
  }

  const chainKeys: ChainKey[] = e.CHAINS ?? (isProduction ? ["opBNB", "zkFair"] : ["local", "opBNB", "zkFair"]);
  const chains: ChainConfig[] = [];
  for (const key of chainKeys) {
    const prefix = `${chainEnvPrefix[key]}_`;
    const raw = Object.fromEntries(Object.keys(chainEnvSchema.shape).map((name) => [name, env[prefix + name]]));
    const chainEnv = chainEnvSchema.safeParse(raw);
    if (!chainEnv.success) {
      problems.push(...issuesToProblems(chainEnv.error.issues, prefix));
      continue;
    }
    let identity: Pick<ChainConfig, "id" | "name" | "explorerUrl" | "nativeCurrency">;
    let chainDefaultRpc: string;
    let customDeploymentFile: string | null = null;
    if (key === "custom") {
      const custom = customChainSchema.safeParse(
        Object.fromEntries(Object.keys(customChainSchema.shape).map((name) => [name, env[prefix + name]])),
      );
      if (!custom.success) {
        problems.push(
          ...issuesToProblems(custom.error.issues, prefix).map((problem) => `${problem} (CHAINS has custom)`),
        );
        continue;
      }
      const symbol = custom.data.NATIVE_SYMBOL;
      identity = {
        id: custom.data.CHAIN_ID,
        name: custom.data.CHAIN_NAME,
        explorerUrl: custom.data.EXPLORER_URL?.replace(/\/$/, "") ?? null,
        nativeCurrency: { name: custom.data.NATIVE_NAME ?? symbol, symbol, decimals: 18 },
      };
      chainDefaultRpc = custom.data.RPC_URL;
      customDeploymentFile = path.resolve(repoRoot, custom.data.DEPLOYMENT_FILE ?? "contracts/deployments/custom.json");
    } else {
      const known = viemChains[key];
      identity = {
        id: chainIds[key],
        name: known.name,
        explorerUrl: known.blockExplorers?.default.url ?? null,
        nativeCurrency: { ...known.nativeCurrency },
      };
      chainDefaultRpc = known.rpcUrls.default.http[0] ?? "";
    }
    const rpcUrl = chainEnv.data.RPC_URL ?? chainDefaultRpc;
    // Browsers get <CHAIN>_PUBLIC_RPC_URL, else the server's RPC URL unless it carries a credential.
    const credential = chainEnv.data.PUBLIC_RPC_URL ? null : rpcUrlCredential(rpcUrl);
    if (credential && isProduction) {
      problems.push(
        `${prefix}PUBLIC_RPC_URL: is required because ${prefix}RPC_URL contains ${credential}, which browsers must not see (/api/config, the CSP); set ${prefix}PUBLIC_RPC_URL to an RPC URL without a key`,
      );
    }
    // Tests name their contracts explicitly; everywhere else a known deployment fills the gaps.
    const deployment = customDeploymentFile
      ? findCustomDeployment(identity.id, customDeploymentFile)
      : e.NODE_ENV === "test"
        ? null
        : findDeployment(identity.id, repoRoot);
    const clash = chains.find((other) => other.id === identity.id);
    if (clash) {
      problems.push(`${prefix}CHAIN_ID: ${identity.id} is ${clash.key}'s chain id, which CHAINS has already`);
      continue;
    }
    chains.push({
      key,
      ...identity,
      rpcUrl,
      publicRpcUrl: chainEnv.data.PUBLIC_RPC_URL ?? (credential ? chainDefaultRpc : rpcUrl),
      genesisPassAddress: chainEnv.data.GENESIS_PASS_ADDRESS ?? deployment?.contracts.GenesisPass.address ?? null,
      dailyAddress: chainEnv.data.DAILY_ADDRESS ?? deployment?.contracts.Daily.address ?? null,
      forwarderAddress: chainEnv.data.FORWARDER_ADDRESS ?? deployment?.contracts.Forwarder?.address ?? null,
      bridgeUrl: chainEnv.data.BRIDGE_URL ?? bridgeUrls[key] ?? null,
      deployBlock:
        chainEnv.data.DEPLOY_BLOCK ??
        Math.min(deployment?.contracts.GenesisPass.deployBlock ?? 0, deployment?.contracts.Daily.deployBlock ?? 0),
      confirmations: chainEnv.data.CONFIRMATIONS ?? (key === "local" ? 0 : 3),
      genesisHash: deployment?.genesisHash ?? null,
      relayerPrivateKey:
        chainEnv.data.RELAYER_PRIVATE_KEY ??
        e.RELAYER_PRIVATE_KEY ??
        (key === "local" && e.NODE_ENV === "development" ? DEV_RELAYER_PRIVATE_KEY : null),
    });
  }

  if (isProduction) problems.push(...chainsWithoutContracts(chains));
  problems.push(
    ...relayerKeyProblems(chains, {
      signerKey: e.SIGNER_PRIVATE_KEY ?? DEV_SIGNER_PRIVATE_KEY,
      isProduction,
      envPrefix: chainEnvPrefix,
    }),
  );

  let branding: Branding | null = null;
  try {
    branding = loadBranding(
      e.BRANDING_FILE ? path.resolve(repoRoot, e.BRANDING_FILE) : undefined,
      path.join(repoRoot, "config/branding.json"),
    );
  } catch (error) {
    if (!(error instanceof BrandingError)) throw error;
    problems.push(...error.problems.map((problem) => `BRANDING_FILE (${error.file}): ${problem}`));
  }

  const defaultChain =
    (e.DEFAULT_CHAIN as ChainKey | undefined) ??
    (chainKeys.includes("local") ? "local" : chainKeys.includes("opBNB") ? "opBNB" : (chainKeys[0] ?? "opBNB"));
  if (!chainKeys.includes(defaultChain)) problems.push(`DEFAULT_CHAIN: "${defaultChain}" is not in CHAINS`);
  if (problems.length > 0 || !branding) throw new ConfigError(problems);

  const host = e.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1");
  return {
    env: e.NODE_ENV,
    isProduction,
    warnings: isProduction ? productionWarnings(e) : [],
    port: e.PORT,
    host,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    accessLog: e.ACCESS_LOG === "on",
    visitorPageCache:
      (e.VISITOR_PAGE_CACHE ?? (isProduction ? "on" : "off")) === "on"
        ? { ttlMs: Math.round(e.VISITOR_PAGE_CACHE_SECONDS * 1000), maxPages: e.VISITOR_PAGE_CACHE_PAGES }
        : null,
    database: {
      url: e.DATABASE_URL ?? null,
      dataDir: path.resolve(repoRoot, e.DATA_DIR ?? ".data"),
      socketPort: e.DATABASE_SOCKET_PORT,
    },
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    previousSessionSecret: e.SESSION_SECRET_PREVIOUS ?? null,
    tarotDrawSecret: e.TAROT_DRAW_SECRET ?? e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    chains,
    rpcDownAfterSeconds: e.RPC_DOWN_AFTER_SECONDS,
    defaultChain,
    solanaCluster: e.SOLANA_CLUSTER,
    walletConnectProjectId: e.WALLETCONNECT_PROJECT_ID ?? null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? `${branding.email.senderName} <no-reply@arcana.local>` },
    branding,
    redisUrl: e.REDIS_URL ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    trustProxy: e.TRUST_PROXY,
    indexerEnabled: e.INDEXER === "on",
    relayerEnabled: e.RELAYER === "on",
    allowlistEnabled: e.ALLOWLIST_ENABLED === undefined ? isProduction : ["1", "true"].includes(e.ALLOWLIST_ENABLED),
    economyFile: e.ECONOMY_FILE ? path.resolve(repoRoot, e.ECONOMY_FILE) : path.join(repoRoot, "config/economy.json"),
    tarotLlm: e.TAROT_LLM_URL
      ? {
          url: e.TAROT_LLM_URL,
          key: e.TAROT_LLM_KEY ?? null,
          model: e.TAROT_LLM_MODEL,
          timeoutMs: e.TAROT_LLM_TIMEOUT_MS,
        }
      : null,
    signerPrivateKey: e.SIGNER_PRIVATE_KEY ?? DEV_SIGNER_PRIVATE_KEY,
  };
}
