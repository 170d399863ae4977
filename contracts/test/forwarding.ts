import hre from "hardhat";
import { type Address, encodeFunctionData, type Hex, type LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { forwarderName } from "../scripts/lib/deployment";
import { signForwardRequest } from "../scripts/lib/forward-requests";
import { deployGenesisPassFixture } from "./fixtures";
import { latestTimestamp } from "./helpers";

/** Gas a forwarded Arcana call may use (the forwarder checks the relayer passed at least this much). */
export const FORWARDED_GAS = 300_000n;

/**
 * GenesisPass and Daily trusting one forwarder, a second ("rogue") forwarder they do not trust, a relayer
 * that pays, and members created with no balance at all.
 */
export async function sponsoredFixture() {
  const base = await deployGenesisPassFixture();
  const daily = await hre.viem.deployContract("Daily", [base.forwarder.address]);
  const rogue = await hre.viem.deployContract("ERC2771Forwarder", [forwarderName]);
  const member = privateKeyToAccount(generatePrivateKey());
  const stranger = privateKeyToAccount(generatePrivateKey());

  /** A signed `ForwardRequestData` for `forwarder.execute`: `signer` signs, `from` defaults to the signer. */
  async function forwardRequest(
    signer: LocalAccount,
    call: { to: Address; data: Hex },
    overrides: { from?: Address; deadline?: number; nonce?: bigint; forwarder?: Address; gas?: bigint } = {},
  ) {
    const forwarder = overrides.forwarder ?? base.forwarder.address;
    const from = overrides.from ?? signer.address;
    const onForwarder = forwarder === rogue.address ? rogue : base.forwarder;
    const request = {
      from,
      to: call.to,
      value: 0n,
      gas: overrides.gas ?? FORWARDED_GAS,
      nonce: overrides.nonce ?? (await onForwarder.read.nonces([from])),
      deadline: overrides.deadline ?? Number(await latestTimestamp()) + 600,
      data: call.data,
    };
    const signature = await signForwardRequest(signer, { chainId: base.chainId, forwarder }, request);
    const { nonce: _signedNonce, ...data } = request;
    return { ...data, signature };
  }

  const calls = {
    checkIn: () => ({ to: daily.address, data: encodeFunctionData({ abi: daily.abi, functionName: "checkIn" }) }),
    recordTarot: (digest: Hex) => ({
      to: daily.address,
      data: encodeFunctionData({ abi: daily.abi, functionName: "recordTarot", args: [digest] }),
    }),
    stake: (tokenId: bigint) => ({
      to: base.pass.address,
      data: encodeFunctionData({ abi: base.pass.abi, functionName: "stake", args: [tokenId] }),
    }),
    unstake: (args: readonly [bigint, bigint, bigint, Hex]) => ({
      to: base.pass.address,
      data: encodeFunctionData({ abi: base.pass.abi, functionName: "unstake", args }),
    }),
    mint: (args: readonly [Address, bigint, bigint, Hex]) => ({
      to: base.pass.address,
      data: encodeFunctionData({ abi: base.pass.abi, functionName: "mint", args }),
    }),
  };

  return { ...base, daily, rogue, member, stranger, forwardRequest, calls };
}

/** `sponsoredFixture` with the zero-balance member holding pass #1, minted through the forwarder. */
export async function sponsoredHolderFixture() {
  const fixture = await sponsoredFixture();
  const { forwarder, relayer, member, publicClient } = fixture;
  const request = await fixture.forwardRequest(member, fixture.calls.mint(await fixture.authorizeMint(member.address)));
  const hash = await forwarder.write.execute([request], { account: relayer.account });
  await publicClient.waitForTransactionReceipt({ hash });
  return fixture;
}
