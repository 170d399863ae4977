import { compactSignatureToSignature, type Hex, parseCompactSignature, serializeSignature } from "viem";

/** secp256k1's order halved: a signature whose `s` is above it is the malleable twin of another. */
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * An externally owned account's personal_sign signature as one 65-byte form, or null when it is not
 * one an EOA could have made. Both of its encodings are the same signature: 65 bytes (`r`, `s`, `v`
 * of 27/28 or 0/1) and EIP-2098's compact 64 bytes (`r`, `yParity` in the top bit of `s`), which
 * spruce's `siwe` and ethers accept too. Refused: any other length, `r` or `s` of zero, `s` in the
 * upper half of the curve order (EIP-2's malleable twin), any other `v`. A contract wallet's
 * signature (EIP-1271) may be anything; the caller asks the contract for those.
 */
export function eoaSignature(signature: Hex): Hex | null {
  if (/^0x[0-9a-fA-F]{128}$/.test(signature)) {
    const expanded = compactSignatureToSignature(parseCompactSignature(signature));
    return canonical(BigInt(expanded.r), BigInt(expanded.s), expanded.yParity ?? -1);
  }
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  const v = Number.parseInt(signature.slice(130, 132), 16);
  const yParity = v >= 27 ? v - 27 : v;
  return canonical(BigInt(`0x${signature.slice(2, 66)}`), BigInt(`0x${signature.slice(66, 130)}`), yParity);
}

function canonical(r: bigint, s: bigint, yParity: number): Hex | null {
  if (r === 0n || s === 0n || s > HALF_ORDER || (yParity !== 0 && yParity !== 1)) return null;
  const word = (value: bigint) => `0x${value.toString(16).padStart(64, "0")}` as Hex;
  return serializeSignature({ r: word(r), s: word(s), yParity });
}
