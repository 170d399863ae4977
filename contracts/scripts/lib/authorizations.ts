import type { Address, Hex, LocalAccount } from "viem";

/** EIP-712 domain name and version of GenesisPass (the chain id and contract address complete it). */
export const genesisPassDomain = { name: "Arcana Genesis Pass", version: "1" } as const;

/** EIP-712 types of GenesisPass's authorizations, exactly as the contract hashes them. */
export const genesisPassAuthorizationTypes = {
  MintAuthorization: [
    { name: "to", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
  UnstakeAuthorization: [
    { name: "tokenId", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export interface AuthorizationTarget {
  chainId: number;
  verifyingContract: Address;
}

/** Signs a `MintAuthorization` the way Arcana's server does. */
export function signMintAuthorization(
  signer: LocalAccount,
  target: AuthorizationTarget,
  message: { to: Address; nonce: bigint; deadline: bigint },
): Promise<Hex> {
  return signer.signTypedData({
    domain: { ...genesisPassDomain, ...target },
    types: genesisPassAuthorizationTypes,
    primaryType: "MintAuthorization",
    message,
  });
}

/** Signs an `UnstakeAuthorization` the way Arcana's server does. */
export function signUnstakeAuthorization(
  signer: LocalAccount,
  target: AuthorizationTarget,
  message: { tokenId: bigint; nonce: bigint; deadline: bigint },
): Promise<Hex> {
  return signer.signTypedData({
    domain: { ...genesisPassDomain, ...target },
    types: genesisPassAuthorizationTypes,
    primaryType: "UnstakeAuthorization",
    message,
  });
}
