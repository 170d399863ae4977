import { genesisPassAuthorizationTypes, genesisPassDomain } from "@arcana/contracts";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";

/** How long an authorization stays usable on chain. */
export const AUTHORIZATION_TTL_SECONDS = 30 * 60;

/** Signs the EIP-712 authorizations GenesisPass accepts: domain = (name, version, chain, contract). */
export function createAuthorizationSigner(privateKey: `0x${string}`) {
  // Deriving the key's account builds the curve's tables (about 50 ms): at the first use, not at start-up.
  let derived: PrivateKeyAccount | undefined;
  const account = () => {
    derived ??= privateKeyToAccount(privateKey);
    return derived;
  };
  const domain = (chainId: number, contract: `0x${string}`) => ({
    ...genesisPassDomain,
    chainId,
    verifyingContract: contract,
  });
  return {
    get address() {
      return account().address;
    },
    signMint(input: { chainId: number; contract: `0x${string}`; to: `0x${string}`; nonce: bigint; deadline: bigint }) {
      return account().signTypedData({
        domain: domain(input.chainId, input.contract),
        types: genesisPassAuthorizationTypes,
        primaryType: "MintAuthorization",
        message: { to: input.to, nonce: input.nonce, deadline: input.deadline },
      });
    },
    signUnstake(input: { chainId: number; contract: `0x${string}`; tokenId: bigint; nonce: bigint; deadline: bigint }) {
      return account().signTypedData({
        domain: domain(input.chainId, input.contract),
        types: genesisPassAuthorizationTypes,
        primaryType: "UnstakeAuthorization",
        message: { tokenId: input.tokenId, nonce: input.nonce, deadline: input.deadline },
      });
    },
  };
}
export type AuthorizationSigner = ReturnType<typeof createAuthorizationSigner>;
