import { genesisPassAbi, genesisPassAuthorizationTypes, genesisPassDomain } from "@arcana/contracts";
import type { PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** How long an authorization stays usable on chain. */
export const AUTHORIZATION_TTL_SECONDS = 30 * 60;

/** The EIP-712 domain name a GenesisPass contract verifies against (its ERC-721 name, set at deployment). */
export type DomainNameSource = (chainId: number, contract: `0x${string}`) => Promise<string>;

/** Arcana's own pass name: right only for a contract deployed without branding. */
export const defaultDomainName: DomainNameSource = async () => genesisPassDomain.name;

/**
 * Reads each pass contract's EIP-712 domain name from the contract itself (EIP-5267 `eip712Domain()`, which
 * OpenZeppelin's EIP712 exposes) on its first signature and keeps it: the name is fixed at deployment, so a branded
 * deployment's signatures verify whatever the server's branding file says today (decision 0037). A failed read is not
 * kept, so the next signature asks again.
 */
export function onChainDomainName(client: (chainId: number) => Pick<PublicClient, "readContract">): DomainNameSource {
  const names = new Map<string, Promise<string>>();
  return (chainId, contract) => {
    const key = `${chainId}:${contract.toLowerCase()}`;
    let name = names.get(key);
    if (!name) {
      name = client(chainId)
        .readContract({ address: contract, abi: genesisPassAbi, functionName: "eip712Domain" })
        .then(([, domainName]) => domainName);
      names.set(key, name);
      name.catch(() => names.delete(key));
    }
    return name;
  };
}

/** Signs the EIP-712 authorizations GenesisPass accepts: domain = (name, version, chain, contract). */
export function createAuthorizationSigner(privateKey: `0x${string}`, domainName: DomainNameSource = defaultDomainName) {
  const account = privateKeyToAccount(privateKey);
  const domain = async (chainId: number, contract: `0x${string}`) => ({
    name: await domainName(chainId, contract),
    version: genesisPassDomain.version,
    chainId,
    verifyingContract: contract,
  });
  return {
    address: account.address,
    async signMint(input: { chainId: number; contract: `0x${string}`; to: `0x${string}`; nonce: bigint; deadline: bigint }) {
      return account.signTypedData({
        domain: await domain(input.chainId, input.contract),
        types: genesisPassAuthorizationTypes,
        primaryType: "MintAuthorization",
        message: { to: input.to, nonce: input.nonce, deadline: input.deadline },
      });
    },
    async signUnstake(input: {
      chainId: number;
      contract: `0x${string}`;
      tokenId: bigint;
      nonce: bigint;
      deadline: bigint;
    }) {
      return account.signTypedData({
        domain: await domain(input.chainId, input.contract),
        types: genesisPassAuthorizationTypes,
        primaryType: "UnstakeAuthorization",
        message: { tokenId: input.tokenId, nonce: input.nonce, deadline: input.deadline },
      });
    },
  };
}
export type AuthorizationSigner = ReturnType<typeof createAuthorizationSigner>;
