import { dailyAbi } from "@arcana/contracts";
import type { RelayRequest } from "@arcana/protocol";
import { encodeFunctionData, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { signForwardRequest } from "../../../contracts/scripts/lib/forward-requests.js";
import type { TestApp } from "./app.js";
import { bindWalletDirectly, signUpMember } from "./members.js";

/**
 * A new member with a fresh wallet bound, and their sponsored check-in on the local chain (31337) signed for the
 * forwarder, deadline `deadlineSeconds` (Unix): the body of `POST /blockchain/relay`, ready to send.
 */
export async function memberWithSignedCheckIn(
  t: TestApp,
  email: string,
  contracts: { daily: Hex; forwarder: Hex },
  deadlineSeconds: number,
): Promise<{ auth: Record<string, string>; userId: string; body: RelayRequest }> {
  const account = privateKeyToAccount(generatePrivateKey());
  const member = await signUpMember(t, email);
  await bindWalletDirectly(t.database.db, member.userId, account.address);
  const request = {
    from: account.address,
    to: contracts.daily,
    value: 0n,
    gas: 120_000n,
    nonce: 0n,
    deadline: deadlineSeconds,
    data: encodeFunctionData({ abi: dailyAbi, functionName: "checkIn" }),
  };
  const signature = await signForwardRequest(account, { chainId: 31337, forwarder: contracts.forwarder }, request);
  return {
    ...member,
    body: { chain_id: 31337, request: { ...request, value: "0", gas: "120000", nonce: "0" }, signature },
  };
}
