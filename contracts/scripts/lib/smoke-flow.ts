import {
  type Abi,
  type Account,
  type Chain,
  keccak256,
  type LocalAccount,
  type Log,
  type PublicClient,
  parseEventLogs,
  type Transport,
  toHex,
  type WalletClient,
} from "viem";
import { readCompiledContract } from "./artifacts";
import { signMintAuthorization, signUnstakeAuthorization } from "./authorizations";
import type { DeploymentRecord } from "./deployment";

/** A whole-number argument of the first `eventName` event in the logs, or null when there is none. */
function bigintArg(abi: Abi, logs: Log[], eventName: string, name: string): bigint | null {
  const event = parseEventLogs({ abi, logs }).find((log) => log.eventName === eventName);
  const args: unknown = event?.args;
  if (typeof args !== "object" || args === null || !(name in args)) return null;
  const value: unknown = Reflect.get(args, name);
  return typeof value === "bigint" ? value : null;
}

export interface SmokeFlowOptions {
  publicClient: PublicClient;
  /** The member's wallet (pays gas, receives the pass). */
  member: WalletClient<Transport, Chain | undefined, Account>;
  /** The server's signer. */
  authorizer: LocalAccount;
  deployment: DeploymentRecord;
  log?: (line: string) => void;
}

export interface SmokeFlowResult {
  tokenId: bigint;
  day: bigint;
}

/** Authorizations live this long, like the server's. */
const AUTHORIZATION_TTL_SECONDS = 600n;

/**
 * The member journey against deployed contracts, with server-style authorizations:
 * mint -> stake -> unstake -> check in -> record tarot. Throws on the first failed step.
 */
export async function runSmokeFlow({
  publicClient,
  member,
  authorizer,
  deployment,
  log,
}: SmokeFlowOptions): Promise<SmokeFlowResult> {
  const say = log ?? (() => {});
  const pass = { address: deployment.contracts.GenesisPass.address, abi: readCompiledContract("GenesisPass").abi };
  const daily = { address: deployment.contracts.Daily.address, abi: readCompiledContract("Daily").abi };
  const target = { chainId: deployment.chainId, verifyingContract: pass.address };
  const wallet = member.account.address;

  const send = async (contract: typeof pass, functionName: string, args: readonly unknown[]) => {
    const { request } = await publicClient.simulateContract({
      ...contract,
      functionName,
      args,
      account: member.account,
    });
    const hash = await member.writeContract(request);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted (tx ${hash})`);
    return receipt;
  };
  const deadline = async () => (await publicClient.getBlock()).timestamp + AUTHORIZATION_TTL_SECONDS;

  const mintNonce = (await publicClient.readContract({
    ...pass,
    functionName: "mintNonces",
    args: [wallet],
  })) as bigint;
  const mintDeadline = await deadline();
  const mintSignature = await signMintAuthorization(authorizer, target, {
    to: wallet,
    nonce: mintNonce,
    deadline: mintDeadline,
  });
  const mintReceipt = await send(pass, "mint", [wallet, mintNonce, mintDeadline, mintSignature]);
  const tokenId = bigintArg(pass.abi, mintReceipt.logs, "Transfer", "tokenId");
  if (tokenId === null) throw new Error("mint emitted no Transfer");
  say(`mint: pass #${tokenId} to ${wallet} (nonce ${mintNonce}, gas ${mintReceipt.gasUsed})`);

  const stakeReceipt = await send(pass, "stake", [tokenId]);
  say(`stake: pass #${tokenId} (gas ${stakeReceipt.gasUsed})`);

  const unstakeNonce = (await publicClient.readContract({
    ...pass,
    functionName: "unstakeNonces",
    args: [tokenId],
  })) as bigint;
  const unstakeDeadline = await deadline();
  const unstakeSignature = await signUnstakeAuthorization(authorizer, target, {
    tokenId,
    nonce: unstakeNonce,
    deadline: unstakeDeadline,
  });
  const unstakeReceipt = await send(pass, "unstake", [tokenId, unstakeNonce, unstakeDeadline, unstakeSignature]);
  const [staked] = (await publicClient.readContract({ ...pass, functionName: "stakeInfo", args: [tokenId] })) as [
    boolean,
    bigint,
  ];
  if (staked) throw new Error("pass still staked after unstake");
  say(`unstake: pass #${tokenId} (gas ${unstakeReceipt.gasUsed})`);

  const checkInReceipt = await send(daily, "checkIn", []);
  const day = bigintArg(daily.abi, checkInReceipt.logs, "CheckedIn", "day");
  if (day === null) throw new Error("checkIn emitted no CheckedIn");
  say(`checkIn: day ${day} (gas ${checkInReceipt.gasUsed})`);

  const digest = keccak256(toHex(`tarot:${wallet}:${day}`));
  const tarotReceipt = await send(daily, "recordTarot", [digest]);
  say(`recordTarot: ${digest} (gas ${tarotReceipt.gasUsed})`);

  return { tokenId, day };
}
