import type { Address, Hex, LocalAccount } from "viem";
import { forwarderName } from "./deployment";

/** EIP-712 domain name and version of the forwarder (the chain id and forwarder address complete it). */
export const forwarderDomain = { name: forwarderName, version: "1" } as const;

/**
 * EIP-712 types of OpenZeppelin 5's `ERC2771Forwarder` request, exactly as it hashes them:
 * `ForwardRequest(address from,address to,uint256 value,uint256 gas,uint256 nonce,uint48 deadline,bytes data)`.
 * The nonce is the forwarder's `nonces(from)`; the signature goes beside the request in `execute`.
 */
export const forwardRequestTypes = {
  ForwardRequest: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "gas", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint48" },
    { name: "data", type: "bytes" },
  ],
} as const;

export interface ForwardRequest {
  from: Address;
  to: Address;
  value: bigint;
  gas: bigint;
  nonce: bigint;
  deadline: number;
  data: Hex;
}

/** Signs a ForwardRequest the way a member's wallet does (`eth_signTypedData_v4`). */
export function signForwardRequest(
  signer: LocalAccount,
  target: { chainId: number; forwarder: Address },
  request: ForwardRequest,
): Promise<Hex> {
  return signer.signTypedData({
    domain: { ...forwarderDomain, chainId: target.chainId, verifyingContract: target.forwarder },
    types: forwardRequestTypes,
    primaryType: "ForwardRequest",
    message: request,
  });
}
