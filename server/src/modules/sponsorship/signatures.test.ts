import { forwarderDomain, forwardRequestTypes } from "@arcana/contracts";
import { type Hex, hashTypedData, recoverAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { canonicalSignature, forwardRequestDigest, nativeRecovery, signedBy } from "./signatures.js";

const ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const forwarder = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Hex;
const account = privateKeyToAccount(generatePrivateKey());
const request = {
  from: account.address,
  to: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" as Hex,
  value: "0",
  gas: "120000",
  nonce: "0",
  deadline: 1_900_000_000,
  data: "0x183ff085" as Hex,
};
const digest = forwardRequestDigest(31337, forwarder, request);

/** The same signature with `s` mirrored into the upper half and `v` flipped: it recovers the same signer. */
function malleated(signature: Hex): Hex {
  const s = ORDER - BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130, 132), 16) === 27 ? 28 : 27;
  return `${signature.slice(0, 66)}${s.toString(16).padStart(64, "0")}${v.toString(16)}` as Hex;
}

describe("forward request signatures", () => {
  it("digests a request as EIP-712 (viem's hashTypedData) does, per chain and forwarder", () => {
    for (const [chainId, at] of [
      [31337, forwarder],
      [204, request.to],
    ] as const) {
      const message = { ...request, value: 0n, gas: 120_000n, nonce: 0n };
      const expected = hashTypedData({
        domain: { ...forwarderDomain, chainId, verifyingContract: at },
        types: forwardRequestTypes,
        primaryType: "ForwardRequest",
        message,
      });
      expect(forwardRequestDigest(chainId, at, request)).toBe(expected);
      expect(forwardRequestDigest(chainId, at, request)).toBe(expected);
    }
  });

  it("recovers natively where the package has a prebuilt binary (Linux x64, as in CI and production here)", () => {
    if (process.platform === "linux" && process.arch === "x64") expect(nativeRecovery).toBe(true);
  });

  it("accepts the wallet's own signature and no other wallet's", async () => {
    const signature = await account.sign({ hash: digest });
    const canonical = canonicalSignature(signature) as Hex;
    expect(canonical).toBe(signature.toLowerCase());
    expect(await signedBy(digest, canonical, account.address)).toBe(true);
    expect(await signedBy(digest, canonical, privateKeyToAccount(generatePrivateKey()).address)).toBe(false);
    const otherDigest = forwardRequestDigest(31337, forwarder, { ...request, nonce: "1" });
    expect(await signedBy(otherDigest, canonical, account.address)).toBe(false);
  });

  it("rewrites a v of 0 or 1 to the 27 or 28 the forwarder's ECDSA.recover takes: the same signature", async () => {
    const signature = await account.sign({ hash: digest });
    const v = Number.parseInt(signature.slice(130), 16);
    const zeroBased = `${signature.slice(0, 130)}0${v - 27}` as Hex;
    expect(canonicalSignature(zeroBased)).toBe(signature.toLowerCase());
    expect(await signedBy(digest, canonicalSignature(zeroBased) as Hex, account.address)).toBe(true);
  });

  it("refuses what the forwarder would refuse on chain: an upper-half s, a 64-byte form, another v, s = 0", async () => {
    const signature = await account.sign({ hash: digest });
    // viem recovers the same signer from the malleated form; OpenZeppelin's ECDSA reverts on it.
    expect(await recoverAddress({ hash: digest, signature: malleated(signature) })).toBe(account.address);
    expect(canonicalSignature(malleated(signature))).toBeNull();
    expect(canonicalSignature(signature.slice(0, 130) as Hex)).toBeNull();
    expect(canonicalSignature(`${signature.slice(0, 130)}1d` as Hex)).toBeNull();
    expect(canonicalSignature(`${signature.slice(0, 66)}${"0".repeat(64)}1b` as Hex)).toBeNull();
    expect(canonicalSignature("0x" as Hex)).toBeNull();
  });
});
