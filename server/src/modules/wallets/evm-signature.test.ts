import {
  hexToBigInt,
  parseSignature,
  recoverMessageAddress,
  serializeCompactSignature,
  serializeSignature,
  signatureToCompactSignature,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { eoaSignature } from "./evm-signature.js";

const ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const word = (value: bigint) => `0x${value.toString(16).padStart(64, "0")}` as const;

describe("an account's signature of a Sign-In with Ethereum message", () => {
  const account = privateKeyToAccount(generatePrivateKey());
  const message = "arcana.test wants you to sign in with your Ethereum account";

  it("is the same signature in its 65-byte and EIP-2098 compact 64-byte forms", async () => {
    const signature = await account.signMessage({ message });
    const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(signature)));
    expect(compact).toHaveLength(2 + 128);
    expect(eoaSignature(compact)).toBe(signature);
    expect(eoaSignature(signature)).toBe(signature);
    expect(await recoverMessageAddress({ message, signature: eoaSignature(compact) ?? "0x" })).toBe(account.address);
    // A wallet's v of 0/1 is the same signature as 27/28.
    const { r, s, yParity } = parseSignature(signature);
    expect(eoaSignature(`0x${signature.slice(2, 130)}0${yParity}`)).toBe(signature);
    expect(eoaSignature(serializeSignature({ r, s, yParity }))).toBe(signature);
  });

  it("is refused in its high-s twin, with r or s of zero, a wrong v, or any other length", async () => {
    const signature = await account.signMessage({ message });
    const { r, s, yParity } = parseSignature(signature);
    const highS = serializeSignature({ r, s: word(ORDER - hexToBigInt(s)), yParity: 1 - yParity });
    // The twin recovers the same account (viem alone would take it), so the rule is what refuses it.
    expect(await recoverMessageAddress({ message, signature: highS })).toBe(account.address);
    const refused = [
      highS,
      `${r}${"0".repeat(64)}${signature.slice(130)}`,
      `0x${"0".repeat(64)}${s.slice(2)}${signature.slice(130)}`,
      `${signature.slice(0, 130)}1d`,
      `${signature.slice(0, 130)}02`,
      // A compact form whose s (its low 255 bits) is in the upper half.
      `0x${r.slice(2)}${(ORDER / 2n + 1n).toString(16).padStart(64, "0")}`,
      signature.slice(0, 128),
      `${signature}00`,
      "0x",
    ] as const;
    for (const bad of refused) expect(eoaSignature(bad as `0x${string}`), bad).toBeNull();
  });
});
