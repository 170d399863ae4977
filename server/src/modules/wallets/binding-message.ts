import { SOLANA_ADDRESS_PATTERN, type SolanaCluster, solanaChainByCluster } from "@arcana/protocol";
import { parseSignInMessageText } from "@solana/wallet-standard-util";
import { getAddress, isAddress, isAddressEqual } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { ApiError } from "../../shared/errors.js";

/** Where a binding message may come from: this site's host(s) and origin(s). */
export interface SiteIdentity {
  hosts: string[];
  origins: string[];
}

/** What a signed binding message must say, whatever the wallet family. */
interface BindingFields {
  domain: string | undefined;
  uri: string | undefined;
  version: string | undefined;
  nonce: string | undefined;
  issuedAt: Date | undefined;
  expirationTime: Date | undefined;
  notBefore: Date | undefined;
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

/** The checks EIP-4361 and its Solana twin share: version, site, time window, a nonce present. */
function checkCommonFields(fields: BindingFields, site: SiteIdentity, at: Date): string {
  if (fields.version !== "1") throw new ApiError("invalid_wallet_message", "The message must be version 1.");
  if (!fields.domain || !site.hosts.includes(fields.domain)) {
    throw new ApiError(
      "wrong_domain",
      "This message was written for another site. Sign the message this site shows you.",
    );
  }
  const origin = fields.uri ? originOf(fields.uri) : null;
  if (!origin || !site.origins.includes(origin)) {
    throw new ApiError("wrong_domain", "The message's URI is not this site. Sign the message this site shows you.");
  }
  if (!fields.nonce) throw new ApiError("invalid_wallet_message", "The message has no nonce.");
  for (const time of [fields.issuedAt, fields.expirationTime, fields.notBefore]) {
    if (time && Number.isNaN(time.getTime())) {
      throw new ApiError("invalid_wallet_message", "The message has a time that is not a valid date.");
    }
  }
  if (fields.expirationTime && fields.expirationTime.getTime() <= at.getTime()) {
    throw new ApiError("message_expired", "This signed message has expired. Sign a new one.");
  }
  if (fields.notBefore && fields.notBefore.getTime() > at.getTime()) {
    throw new ApiError("message_expired", "This signed message is not valid yet. Check your device's clock.");
  }
  return fields.nonce;
}

export interface CheckedSiweMessage {
  /** Checksummed. */
  address: `0x${string}`;
  chainId: number;
  nonce: string;
}

/** Validates a Sign-In with Ethereum message for this site; the signature is checked elsewhere. */
export function checkSiweMessage(input: {
  address: string;
  message: string;
  site: SiteIdentity;
  chainIds: number[];
  at: Date;
}): CheckedSiweMessage {
  const { address } = input;
  if (!isAddress(address, { strict: false })) {
    throw new ApiError("invalid_address", "An EVM address is 0x followed by 40 hex characters.");
  }
  const parsed = parseSiweMessage(input.message);
  if (!parsed.address || !parsed.domain || !parsed.uri || parsed.chainId === undefined) {
    throw new ApiError("invalid_wallet_message", "This is not a Sign-In with Ethereum message.");
  }
  // The optional scheme before the domain ("https://arcana.example wants you to…") is the site's own.
  if (
    parsed.scheme !== undefined &&
    !input.site.origins.includes(`${parsed.scheme.toLowerCase()}://${parsed.domain}`)
  ) {
    throw new ApiError(
      "wrong_domain",
      "The message's scheme is not this site's. Sign the message this site shows you.",
    );
  }
  const nonce = checkCommonFields(
    {
      domain: parsed.domain,
      uri: parsed.uri,
      version: parsed.version,
      nonce: parsed.nonce,
      issuedAt: parsed.issuedAt,
      expirationTime: parsed.expirationTime,
      notBefore: parsed.notBefore,
    },
    input.site,
    input.at,
  );
  if (!input.chainIds.includes(parsed.chainId)) {
    throw new ApiError("chain_not_configured", `Chain ${parsed.chainId} is not one this site runs on.`);
  }
  if (!isAddress(parsed.address, { strict: false }) || !isAddressEqual(parsed.address, address)) {
    throw new ApiError("address_mismatch", "The message names a different wallet than the one being bound.");
  }
  // EIP-4361: the message carries the EIP-55 checksummed address (the request body may be lower-case).
  if (parsed.address !== getAddress(parsed.address)) {
    throw new ApiError(
      "invalid_wallet_message",
      "The message must name the wallet by its checksummed (EIP-55) address.",
    );
  }
  return { address: getAddress(input.address), chainId: parsed.chainId, nonce };
}

function parseTime(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new ApiError("invalid_wallet_message", `"${value}" is not a valid time.`);
  return time;
}

export interface CheckedSiwsMessage {
  address: string;
  nonce: string;
}

/**
 * The `Chain ID` values Phantom's Sign In With Solana specification allows for a cluster: the
 * wallet-standard `solana:<cluster>` and the bare cluster name.
 */
function solanaChainIdsOf(cluster: SolanaCluster): string[] {
  const standard = solanaChainByCluster[cluster];
  return [standard, standard.slice("solana:".length)];
}

/** Validates a Sign-In With Solana message for this site and cluster. */
export function checkSiwsMessage(input: {
  address: string;
  message: string;
  site: SiteIdentity;
  cluster: SolanaCluster;
  at: Date;
}): CheckedSiwsMessage {
  if (!SOLANA_ADDRESS_PATTERN.test(input.address)) {
    throw new ApiError("invalid_address", "A Solana address is a base58 public key of 32 to 44 characters.");
  }
  const parsed = parseSignInMessageText(input.message);
  if (!parsed) throw new ApiError("invalid_wallet_message", "This is not a Sign-In With Solana message.");
  const nonce = checkCommonFields(
    {
      domain: parsed.domain,
      uri: parsed.uri,
      version: parsed.version,
      nonce: parsed.nonce,
      issuedAt: parseTime(parsed.issuedAt),
      expirationTime: parseTime(parsed.expirationTime),
      notBefore: parseTime(parsed.notBefore),
    },
    input.site,
    input.at,
  );
  if (!parsed.chainId || !solanaChainIdsOf(input.cluster).includes(parsed.chainId)) {
    throw new ApiError(
      "chain_not_configured",
      `This site uses Solana ${input.cluster}; the message names ${parsed.chainId ?? "no chain"}.`,
    );
  }
  if (parsed.address !== input.address) {
    throw new ApiError("address_mismatch", "The message names a different wallet than the one being bound.");
  }
  return { address: input.address, nonce };
}
