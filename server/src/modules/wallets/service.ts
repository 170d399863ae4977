import { randomBytes } from "node:crypto";
import {
  type BindSolanaResponse,
  type SolanaCluster,
  type User,
  WALLET_NONCE_TTL_MS,
  type WalletNonce,
} from "@arcana/protocol";
import { ed25519 } from "@noble/curves/ed25519";
import { base58 } from "@scure/base";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { HttpRequestError, isAddressEqual, recoverMessageAddress, TimeoutError } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import type { Config } from "../../config.js";
import type { Database, Transaction } from "../../db/client.js";
import type { RateLimit, RateLimiter } from "../../rate-limit/limiter.js";
import { ApiError, DependencyUnavailableError } from "../../shared/errors.js";
import type { ReferralService } from "../referrals/api.js";
import { lockMember, memberById, memberByWallet, setBoundWallet, toUser, type WalletKind } from "../users/api.js";
import { checkSiweMessage, checkSiwsMessage, type SiteIdentity } from "./binding-message.js";
import { eoaSignature } from "./evm-signature.js";
import { walletNonces } from "./schema.js";

export interface WalletDeps {
  db: Database;
  now: () => Date;
  chainClients: ChainClients;
  chainIds: number[];
  solanaCluster: SolanaCluster;
  limiter: RateLimiter;
  /** Told inside the binding's transaction: an invite may qualify on it (referrals.qualifyOn). */
  referrals: Pick<ReferralService, "walletBound">;
}

/** Each nonce is a row: a member gets 10 a minute, plenty for a person signing with a wallet. */
export const walletNoncesPerMember: RateLimit = { name: "wallet_nonce_member", max: 10, windowMs: 60_000 };

/** A 32-character alphanumeric nonce: EIP-4361 asks for at least 8 alphanumerics. */
function generateNonce(): string {
  return randomBytes(16).toString("hex");
}

/** True when a database error is a unique-constraint violation (another account holds the wallet). */
function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const walletTaken = () =>
  new ApiError("wallet_taken", "This wallet is already bound to another account. Use a different wallet.");

/** An ed25519 signature, sent base64-encoded; anything else is not a signature. */
function decodeSolanaSignature(signature: string): Uint8Array {
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(signature) ? Buffer.from(signature, "base64") : Buffer.alloc(0);
  if (bytes.length !== 64) throw new ApiError("invalid_signature", "The signature is not a 64-byte ed25519 signature.");
  return bytes;
}

/** A Solana address is its ed25519 public key, base58-encoded: 32 bytes, nothing else. */
function solanaPublicKey(address: string): Uint8Array {
  const bytes = decodeBase58(address);
  if (bytes?.length !== 32)
    throw new ApiError("invalid_address", "A Solana address is a base58 public key of 32 bytes.");
  return bytes;
}

function decodeBase58(text: string): Uint8Array | null {
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

/**
 * The site a binding message must name. In production only the public URL counts; in development
 * the page may be opened on any local host and port, so the request's own host counts too.
 */
export function siteIdentity(config: Pick<Config, "publicUrl" | "isProduction">, requestUrl: string): SiteIdentity {
  const publicUrl = new URL(config.publicUrl);
  const site: SiteIdentity = { hosts: [publicUrl.host], origins: [publicUrl.origin] };
  if (!config.isProduction) {
    const requested = new URL(requestUrl);
    site.hosts.push(requested.host);
    site.origins.push(requested.origin);
  }
  return site;
}

export type WalletService = ReturnType<typeof createWalletService>;

export function createWalletService(deps: WalletDeps) {
  const { db, now, chainClients } = deps;

  /** Refuses a nonce that is unknown, someone else's, used or expired (read only: nothing is written). */
  async function checkNonce(nonce: string, userId: string, at: Date) {
    const [row] = await db.select().from(walletNonces).where(eq(walletNonces.nonce, nonce));
    if (!row || row.userId !== userId) {
      throw new ApiError("invalid_nonce", "This message's nonce was not issued to you. Start the binding again.");
    }
    if (row.usedAt) throw new ApiError("invalid_nonce", "This message was already used. Sign a new one.");
    if (row.expiresAt.getTime() <= at.getTime()) {
      throw new ApiError("nonce_expired", "This message's nonce has expired. Start the binding again.");
    }
  }

  /** Uses the nonce up inside the binding's transaction; of two racing requests only one gets it. */
  async function consumeNonce(tx: Transaction, nonce: string, userId: string, at: Date) {
    const [consumed] = await tx
      .update(walletNonces)
      .set({ usedAt: at })
      .where(
        and(
          eq(walletNonces.nonce, nonce),
          eq(walletNonces.userId, userId),
          isNull(walletNonces.usedAt),
          gt(walletNonces.expiresAt, at),
        ),
      )
      .returning({ nonce: walletNonces.nonce });
    if (!consumed) throw new ApiError("invalid_nonce", "This message was already used. Sign a new one.");
  }

  /**
   * EIP-191 first, locally: an ordinary wallet's signature needs no RPC. Only when that fails and
   * the address holds code is the chain asked (EIP-1271 `isValidSignature`, via viem).
   */
  async function evmSignatureIsValid(
    address: `0x${string}`,
    message: string,
    signature: `0x${string}`,
    chainId: number,
  ) {
    // An account's own key signs in 65 bytes or EIP-2098's 64 (one signature); anything else, a
    // high-s twin included, may still be a contract wallet's (EIP-1271), which the chain judges.
    const eoa = eoaSignature(signature);
    if (eoa) {
      try {
        const recovered = await recoverMessageAddress({ message, signature: eoa });
        if (isAddressEqual(recovered, address)) return true;
      } catch {
        // r is not on the curve: no key made it.
      }
    }
    const client = chainClients.client(chainId);
    try {
      const code = await client.getCode({ address });
      if (!code || code === "0x") return false;
      return await client.verifyMessage({ address, message, signature });
    } catch (error) {
      if (error instanceof HttpRequestError || error instanceof TimeoutError) {
        throw new DependencyUnavailableError("rpc", { cause: error });
      }
      return false;
    }
  }

  async function lockSignedInMember(tx: Transaction, userId: string) {
    const row = await lockMember(tx, userId);
    if (!row) throw new ApiError("unauthenticated", "Sign in to continue.");
    return row;
  }

  /** Refuses a wallet another member holds, or a second wallet of the kind (the bound one stays). */
  async function checkBindable(userId: string, kind: WalletKind, address: string) {
    const holder = await memberByWallet(db, kind, address);
    if (holder && holder.id !== userId) throw walletTaken();
    const member = await memberById(db, userId);
    const current = kind === "evm" ? member?.walletAddress : member?.solanaAddress;
    if (current && current !== address) throw alreadyBound(current);
  }

  /** Uses the nonce and binds the wallet in one transaction; binding the bound wallet again is a no-op. */
  async function bind(userId: string, kind: WalletKind, address: string, nonce: string, at: Date) {
    try {
      return await db.transaction(async (tx) => {
        await consumeNonce(tx, nonce, userId, at);
        const current = await lockSignedInMember(tx, userId);
        const bound = kind === "evm" ? current.walletAddress : current.solanaAddress;
        if (bound === address) return current;
        if (bound) throw alreadyBound(bound);
        const member = await setBoundWallet(tx, userId, kind, address, at);
        await deps.referrals.walletBound(tx, userId);
        return member;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw walletTaken();
      throw error;
    }
  }

  return {
    /** A fresh single-use nonce for this member's next binding message. */
    async issueNonce(userId: string): Promise<WalletNonce> {
      const at = now();
      const expiresAt = new Date(at.getTime() + WALLET_NONCE_TTL_MS);
      const allowed = await deps.limiter.hit(walletNoncesPerMember, userId);
      if (!allowed.allowed) {
        throw new ApiError("too_many_requests", "Too many binding attempts. Wait a minute and try again.", {
          retry_after: allowed.retryAfterSeconds,
        });
      }
      const nonce = generateNonce();
      // Expired nonces go as new ones come (anyone's, by the expiry index), so the table stays small.
      await db.delete(walletNonces).where(lt(walletNonces.expiresAt, at));
      await db.insert(walletNonces).values({ nonce, userId, createdAt: at, expiresAt });
      return { nonce, expires_at: expiresAt.toISOString() };
    },

    /**
     * Binds an EVM wallet by a signed Sign-In with Ethereum message. The first wallet bound stays:
     * binding it again is a no-op, binding another is refused (passes and rewards follow the wallet).
     */
    async bindEvmWallet(
      userId: string,
      input: { address: string; message: string; signature: string },
      site: SiteIdentity,
    ): Promise<User> {
      const at = now();
      const checked = checkSiweMessage({ ...input, site, chainIds: deps.chainIds, at });
      if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) {
        throw new ApiError("invalid_signature", "The signature is not hex.");
      }
      await checkNonce(checked.nonce, userId, at);
      const lower = checked.address.toLowerCase();
      await checkBindable(userId, "evm", lower);
      const valid = await evmSignatureIsValid(
        checked.address,
        input.message,
        input.signature as `0x${string}`,
        checked.chainId,
      );
      if (!valid) throw new ApiError("invalid_signature", "The signature does not match this wallet and message.");
      return toUser(await bind(userId, "evm", lower, checked.nonce, at));
    },

    /** Binds a Solana address by a signed Sign-In With Solana message (ed25519); same rules as EVM. */
    async bindSolanaWallet(
      userId: string,
      input: { address: string; message: string; signature: string },
      site: SiteIdentity,
    ): Promise<BindSolanaResponse> {
      const at = now();
      const checked = checkSiwsMessage({ ...input, site, cluster: deps.solanaCluster, at });
      const publicKey = solanaPublicKey(checked.address);
      const signature = decodeSolanaSignature(input.signature);
      await checkNonce(checked.nonce, userId, at);
      await checkBindable(userId, "solana", checked.address);
      let valid = false;
      try {
        valid = ed25519.verify(signature, new TextEncoder().encode(input.message), publicKey);
      } catch {
        valid = false;
      }
      if (!valid) throw new ApiError("invalid_signature", "The signature does not match this wallet and message.");
      const user = toUser(await bind(userId, "solana", checked.address, checked.nonce, at));
      return { solana_address: checked.address, user };
    },
  };
}

function alreadyBound(current: string) {
  return new ApiError(
    "wallet_already_bound",
    `Your account is already bound to ${current}. A bound wallet cannot be replaced; contact support if you lost it.`,
  );
}

export type BoundWalletKind = WalletKind;
