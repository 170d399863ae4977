/// <reference path="./secp256k1-bindings.d.ts" />
import { forwarderDomain, forwardRequestTypes } from "@arcana/contracts";
import type { RelayRequest } from "@arcana/protocol";
import {
  concat,
  domainSeparator,
  type Hex,
  hashStruct,
  hexToBytes,
  isAddressEqual,
  keccak256,
  recoverAddress,
  toHex,
} from "viem";
import { publicKeyToAddress } from "viem/accounts";

/** secp256k1's order halved: OpenZeppelin's ECDSA refuses a signature whose `s` is above it (malleable). */
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

type RecoverPublicKey = (
  signature: Uint8Array,
  recoveryId: number,
  digest: Uint8Array,
  compressed: boolean,
) => Uint8Array;

/**
 * libsecp256k1 through the `secp256k1` package's prebuilt N-API binding (about 0.06 ms a recovery
 * here, against 3 ms for the JavaScript curve): acceptance recovers one signer per relay. Where no
 * prebuilt binary fits the platform, viem's JavaScript recovery does the same work more slowly.
 */
const nativeRecover: RecoverPublicKey | null = await import("secp256k1/bindings.js").then(
  ({ default: binding }) => binding.ecdsaRecover.bind(binding) as RecoverPublicKey,
  () => null,
);
/** Whether signatures are recovered natively here (the prebuilt binary fits this platform). */
export const nativeRecovery = nativeRecover !== null;

/**
 * The signature as the forwarder's `ECDSA.recover` accepts it: 65 bytes, `v` 27 or 28 (a wallet's 0
 * or 1 is rewritten to it: the same signature), `s` in the lower half. Null for anything the chain
 * would refuse, so a request the forwarder cannot execute is never relayed nor charged.
 */
export function canonicalSignature(signature: Hex): Hex | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  if (s === 0n || s > HALF_ORDER) return null;
  const v = Number.parseInt(signature.slice(130, 132), 16);
  const yParity = v >= 27 ? v - 27 : v;
  if (yParity !== 0 && yParity !== 1) return null;
  return `${signature.slice(0, 130).toLowerCase()}${(27 + yParity).toString(16)}` as Hex;
}

/** Each forwarder's EIP-712 domain separator (one per chain). */
const separators = new Map<string, Hex>();

/**
 * The EIP-712 digest of a forward request for the forwarder at `forwarder` on `chainId`: what
 * viem's `hashTypedData` computes, without re-validating the request's fields (the route's schema
 * did) nor re-hashing the domain each time (a fifth of an acceptance's CPU went to both).
 */
export function forwardRequestDigest(chainId: number, forwarder: Hex, request: RelayRequest["request"]): Hex {
  const key = `${chainId}:${forwarder.toLowerCase()}`;
  let separator = separators.get(key);
  if (!separator) {
    separator = domainSeparator({ domain: { ...forwarderDomain, chainId, verifyingContract: forwarder } });
    separators.set(key, separator);
  }
  const struct = hashStruct({
    primaryType: "ForwardRequest",
    types: forwardRequestTypes,
    data: {
      ...request,
      value: BigInt(request.value),
      gas: BigInt(request.gas),
      nonce: BigInt(request.nonce),
    },
  });
  return keccak256(concat(["0x1901", separator, struct]));
}

/** Whether `signature` (canonical, see above) over `digest` was made by `wallet`. */
export async function signedBy(digest: Hex, signature: Hex, wallet: Hex): Promise<boolean> {
  try {
    if (!nativeRecover) return isAddressEqual(await recoverAddress({ hash: digest, signature }), wallet);
    const bytes = hexToBytes(signature);
    const publicKey = nativeRecover(bytes.subarray(0, 64), (bytes[64] as number) - 27, hexToBytes(digest), false);
    return isAddressEqual(publicKeyToAddress(toHex(publicKey)), wallet);
  } catch {
    return false;
  }
}
