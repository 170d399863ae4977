import hre from "hardhat";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { signMintAuthorization, signUnstakeAuthorization } from "../scripts/lib/authorizations";
import { forwarderName } from "../scripts/lib/deployment";
import { devAuthorizerPrivateKey } from "../scripts/lib/dev-keys";
import { latestTimestamp } from "./helpers";

export const BASE_URI = "https://arcana.test/api/nft/metadata/";
/** Any key but the authorizer's. */
export const STRANGER_KEY: Hex = "0x1111111111111111111111111111111111111111111111111111111111111111";

export async function deployGenesisPassFixture() {
  const [admin, member, other, relayer] = await hre.viem.getWalletClients();
  if (!admin || !member || !other || !relayer) throw new Error("expected 4 hardhat accounts");
  const authorizer = privateKeyToAccount(devAuthorizerPrivateKey);
  const forwarder = await hre.viem.deployContract("ERC2771Forwarder", [forwarderName]);
  const pass = await hre.viem.deployContract("GenesisPass", [
    admin.account.address,
    authorizer.address,
    BASE_URI,
    forwarder.address,
  ]);
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  const target = { chainId, verifyingContract: pass.address };

  /** A valid, server-style mint authorization for `to` at its current nonce. */
  async function authorizeMint(
    to: Address,
    overrides: { nonce?: bigint; deadline?: bigint; signer?: Hex; chainId?: number; verifyingContract?: Address } = {},
  ) {
    const nonce = overrides.nonce ?? (await pass.read.mintNonces([to]));
    const deadline = overrides.deadline ?? (await latestTimestamp()) + 600n;
    const signer = overrides.signer ? privateKeyToAccount(overrides.signer) : authorizer;
    const signature = await signMintAuthorization(
      signer,
      { chainId: overrides.chainId ?? chainId, verifyingContract: overrides.verifyingContract ?? pass.address },
      { to, nonce, deadline },
    );
    return [to, nonce, deadline, signature] as const;
  }

  async function authorizeUnstake(
    tokenId: bigint,
    overrides: { nonce?: bigint; deadline?: bigint; signer?: Hex; chainId?: number; verifyingContract?: Address } = {},
  ) {
    const nonce = overrides.nonce ?? (await pass.read.unstakeNonces([tokenId]));
    const deadline = overrides.deadline ?? (await latestTimestamp()) + 600n;
    const signer = overrides.signer ? privateKeyToAccount(overrides.signer) : authorizer;
    const signature = await signUnstakeAuthorization(
      signer,
      { chainId: overrides.chainId ?? chainId, verifyingContract: overrides.verifyingContract ?? pass.address },
      { tokenId, nonce, deadline },
    );
    return [tokenId, nonce, deadline, signature] as const;
  }

  return {
    pass,
    forwarder,
    admin,
    member,
    other,
    relayer,
    authorizer,
    publicClient,
    chainId,
    target,
    authorizeMint,
    authorizeUnstake,
  };
}

/** The GenesisPass fixture with `member` holding pass #1 and `other` holding pass #2. */
export async function mintedFixture() {
  const fixture = await deployGenesisPassFixture();
  const { pass, member, other, publicClient } = fixture;
  for (const wallet of [member, other]) {
    const hash = await pass.write.mint(await fixture.authorizeMint(wallet.account.address), {
      account: wallet.account,
    });
    await publicClient.waitForTransactionReceipt({ hash });
  }
  return fixture;
}

export async function deployDailyFixture() {
  const [member, other] = await hre.viem.getWalletClients();
  if (!member || !other) throw new Error("expected 2 hardhat accounts");
  const forwarder = await hre.viem.deployContract("ERC2771Forwarder", [forwarderName]);
  const daily = await hre.viem.deployContract("Daily", [forwarder.address]);
  const publicClient = await hre.viem.getPublicClient();
  return { daily, forwarder, member, other, publicClient };
}
