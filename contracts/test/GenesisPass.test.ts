import { loadFixture, time } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { expect } from "chai";
import hre from "hardhat";
import { getAddress, zeroAddress } from "viem";
import { BASE_URI, deployGenesisPassFixture, mintedFixture, STRANGER_KEY } from "./fixtures";
import { eventsOf, expectRevert, latestTimestamp, mined } from "./helpers";

describe("GenesisPass", () => {
  describe("identity", () => {
    it("is the Arcana Genesis Pass (ARCGP) with no passes yet", async () => {
      const { pass, authorizer, admin } = await loadFixture(deployGenesisPassFixture);
      expect(await pass.read.name()).to.equal("Arcana Genesis Pass");
      expect(await pass.read.symbol()).to.equal("ARCGP");
      expect(await pass.read.totalSupply()).to.equal(0n);
      expect(await pass.read.authorizer()).to.equal(authorizer.address);
      expect(await pass.read.owner()).to.equal(getAddress(admin.account.address));
    });

    it("declares ERC-165, ERC-721, ERC-721 Metadata, ERC-5192 and ERC-4906", async () => {
      const { pass } = await loadFixture(deployGenesisPassFixture);
      for (const id of ["0x01ffc9a7", "0x80ac58cd", "0x5b5e139f", "0xb45a3c0e", "0x49064906"] as const) {
        expect(await pass.read.supportsInterface([id]), id).to.equal(true);
      }
      expect(await pass.read.supportsInterface(["0xffffffff"])).to.equal(false);
    });

    it("refuses a zero authorizer at deployment", async () => {
      const [admin] = await hre.viem.getWalletClients();
      const { abi } = await hre.artifacts.readArtifact("GenesisPass");
      await expectRevert(
        hre.viem.deployContract("GenesisPass", [admin.account.address, zeroAddress, BASE_URI, zeroAddress]),
        "ZeroAddress",
        [],
        abi,
      );
    });
  });

  describe("mint", () => {
    it("mints pass #1 to the authorized wallet, locked, even when someone else submits", async () => {
      const { pass, member, relayer, authorizeMint } = await loadFixture(deployGenesisPassFixture);
      const receipt = await mined(
        pass.write.mint(await authorizeMint(member.account.address), { account: relayer.account }),
      );

      const holder = getAddress(member.account.address);
      expect(await pass.read.ownerOf([1n])).to.equal(holder);
      expect(await pass.read.balanceOf([holder])).to.equal(1n);
      expect(await pass.read.balanceOf([relayer.account.address])).to.equal(0n);
      expect(await pass.read.passOf([holder])).to.equal(1n);
      expect(await pass.read.mintNonces([holder])).to.equal(1n);
      expect(await pass.read.totalSupply()).to.equal(1n);
      expect(await pass.read.locked([1n])).to.equal(true);
      expect(await pass.read.tokenURI([1n])).to.equal(`${BASE_URI}1`);

      const [transfer] = eventsOf(pass.abi, receipt.logs, "Transfer");
      expect(transfer?.args).to.deep.equal({ from: zeroAddress, to: holder, tokenId: 1n });
      const [locked] = eventsOf(pass.abi, receipt.logs, "Locked");
      expect(locked?.args).to.deep.equal({ tokenId: 1n });
    });

    it("numbers passes sequentially from 1", async () => {
      const { pass, member, other, relayer, authorizeMint } = await loadFixture(deployGenesisPassFixture);
      await mined(pass.write.mint(await authorizeMint(member.account.address), { account: relayer.account }));
      await mined(pass.write.mint(await authorizeMint(other.account.address), { account: relayer.account }));
      expect(await pass.read.ownerOf([1n])).to.equal(getAddress(member.account.address));
      expect(await pass.read.ownerOf([2n])).to.equal(getAddress(other.account.address));
      expect(await pass.read.tokenURI([2n])).to.equal(`${BASE_URI}2`);
      expect(await pass.read.totalSupply()).to.equal(2n);
    });

    it("accepts an authorization in the block at its deadline and rejects it one second later", async () => {
      const { pass, member, other, authorizeMint } = await loadFixture(deployGenesisPassFixture);
      const deadline = (await latestTimestamp()) + 100n;
      const onTime = await authorizeMint(member.account.address, { deadline });
      await time.setNextBlockTimestamp(deadline);
      await mined(pass.write.mint(onTime));

      const late = await authorizeMint(other.account.address, { deadline });
      await time.setNextBlockTimestamp(deadline + 1n);
      await expectRevert(pass.write.mint(late), "AuthorizationExpired", [deadline]);
    });

    it("rejects a reused authorization with NonceUsed", async () => {
      const { pass, member, authorizeMint } = await loadFixture(deployGenesisPassFixture);
      const authorization = await authorizeMint(member.account.address);
      await mined(pass.write.mint(authorization));
      await expectRevert(pass.write.mint(authorization), "NonceUsed", [0n]);
    });

    it("rejects a nonce that was never issued with InvalidNonce", async () => {
      const { pass, member, authorizeMint } = await loadFixture(deployGenesisPassFixture);
      await expectRevert(pass.write.mint(await authorizeMint(member.account.address, { nonce: 1n })), "InvalidNonce", [
        0n,
        1n,
      ]);
    });

    it("rejects a fresh authorization for a wallet that already holds a pass with AlreadyMinted", async () => {
      const { pass, member, authorizeMint } = await loadFixture(deployGenesisPassFixture);
      await mined(pass.write.mint(await authorizeMint(member.account.address)));
      const holder = getAddress(member.account.address);
      await expectRevert(pass.write.mint(await authorizeMint(holder)), "AlreadyMinted", [holder]);
      expect(await pass.read.balanceOf([holder])).to.equal(1n);
    });

    it("rejects authorizations for another chain, another contract or by another signer with InvalidSigner", async () => {
      const { pass, member, other, authorizeMint } = await loadFixture(deployGenesisPassFixture);
      const to = member.account.address;
      await expectRevert(pass.write.mint(await authorizeMint(to, { chainId: 204 })), "InvalidSigner");
      await expectRevert(
        pass.write.mint(await authorizeMint(to, { verifyingContract: other.account.address })),
        "InvalidSigner",
      );
      await expectRevert(pass.write.mint(await authorizeMint(to, { signer: STRANGER_KEY })), "InvalidSigner");
      expect(await pass.read.totalSupply()).to.equal(0n);
    });

    it("rejects an authorization used for another recipient, or with a changed deadline", async () => {
      const { pass, member, other, authorizeMint } = await loadFixture(deployGenesisPassFixture);
      const [, nonce, deadline, signature] = await authorizeMint(member.account.address);
      await expectRevert(pass.write.mint([other.account.address, nonce, deadline, signature]), "InvalidSigner");
      await expectRevert(pass.write.mint([member.account.address, nonce, deadline + 1n, signature]), "InvalidSigner");
    });

    it("rejects a malformed signature with InvalidSigner", async () => {
      const { pass, member } = await loadFixture(deployGenesisPassFixture);
      const deadline = (await latestTimestamp()) + 600n;
      await expectRevert(pass.write.mint([member.account.address, 0n, deadline, "0x1234"]), "InvalidSigner");
      await expectRevert(
        pass.write.mint([member.account.address, 0n, deadline, `0x${"00".repeat(65)}`]),
        "InvalidSigner",
      );
    });

    it("rejects the zero address as recipient", async () => {
      const { pass, authorizeMint } = await loadFixture(deployGenesisPassFixture);
      await expectRevert(pass.write.mint(await authorizeMint(zeroAddress)), "ZeroAddress");
    });

    it("answers locked() only for existing passes", async () => {
      const { pass } = await loadFixture(mintedFixture);
      expect(await pass.read.locked([2n])).to.equal(true);
      await expectRevert(pass.read.locked([3n]), "ERC721NonexistentToken", [3n]);
    });
  });

  describe("wallet-bound", () => {
    it("reverts every transfer and approval path with Soulbound", async () => {
      const { pass, member, other } = await loadFixture(mintedFixture);
      const from = member.account.address;
      const to = other.account.address;
      const as = { account: member.account };
      await expectRevert(pass.write.transferFrom([from, to, 1n], as), "Soulbound");
      await expectRevert(pass.write.transferFrom([from, zeroAddress, 1n], as), "Soulbound");
      await expectRevert(pass.write.safeTransferFrom([from, to, 1n], as), "Soulbound");
      await expectRevert(pass.write.safeTransferFrom([from, to, 1n, "0x"], as), "Soulbound");
      await expectRevert(pass.write.approve([to, 1n], as), "Soulbound");
      await expectRevert(pass.write.setApprovalForAll([to, true], as), "Soulbound");
      expect(await pass.read.ownerOf([1n])).to.equal(getAddress(from));
      expect(await pass.read.getApproved([1n])).to.equal(zeroAddress);
      expect(await pass.read.isApprovedForAll([from, to])).to.equal(false);
    });

    it("does not let a third party move someone else's pass either", async () => {
      const { pass, member, other } = await loadFixture(mintedFixture);
      await expectRevert(
        pass.write.transferFrom([member.account.address, other.account.address, 1n], { account: other.account }),
        "Soulbound",
      );
      expect(await pass.read.ownerOf([1n])).to.equal(getAddress(member.account.address));
    });
  });

  describe("staking", () => {
    it("lets the owner stake and records when", async () => {
      const { pass, member } = await loadFixture(mintedFixture);
      const at = (await latestTimestamp()) + 10n;
      await time.setNextBlockTimestamp(at);
      const receipt = await mined(pass.write.stake([1n], { account: member.account }));
      const [staked] = eventsOf(pass.abi, receipt.logs, "Staked");
      expect(staked?.args).to.deep.equal({ owner: getAddress(member.account.address), tokenId: 1n, since: at });
      expect(await pass.read.stakeInfo([1n])).to.deep.equal([true, at]);
      expect(await pass.read.stakeInfo([2n])).to.deep.equal([false, 0n]);
      expect(await pass.read.ownerOf([1n])).to.equal(getAddress(member.account.address));
    });

    it("refuses staking by anyone but the owner, twice, or of a nonexistent pass", async () => {
      const { pass, member, other } = await loadFixture(mintedFixture);
      await expectRevert(pass.write.stake([1n], { account: other.account }), "NotOwner", [1n]);
      await expectRevert(pass.write.stake([9n], { account: member.account }), "ERC721NonexistentToken", [9n]);
      await mined(pass.write.stake([1n], { account: member.account }));
      await expectRevert(pass.write.stake([1n], { account: member.account }), "AlreadyStaked", [1n]);
      await expectRevert(pass.read.stakeInfo([9n]), "ERC721NonexistentToken", [9n]);
    });

    it("unstakes with the server's authorization and consumes its nonce", async () => {
      const { pass, member, authorizeUnstake } = await loadFixture(mintedFixture);
      await mined(pass.write.stake([1n], { account: member.account }));
      const at = (await latestTimestamp()) + 3_600n;
      const authorization = await authorizeUnstake(1n, { deadline: at });
      await time.setNextBlockTimestamp(at);
      const receipt = await mined(pass.write.unstake(authorization, { account: member.account }));
      const [unstaked] = eventsOf(pass.abi, receipt.logs, "Unstaked");
      expect(unstaked?.args).to.deep.equal({ owner: getAddress(member.account.address), tokenId: 1n, at });
      expect(await pass.read.stakeInfo([1n])).to.deep.equal([false, 0n]);
      expect(await pass.read.unstakeNonces([1n])).to.equal(1n);
      await expectRevert(pass.write.unstake(await authorizeUnstake(1n), { account: member.account }), "NotStaked", [
        1n,
      ]);
    });

    it("can stake again after unstaking, and the old authorization is then NonceUsed", async () => {
      const { pass, member, authorizeUnstake } = await loadFixture(mintedFixture);
      await mined(pass.write.stake([1n], { account: member.account }));
      const first = await authorizeUnstake(1n);
      await mined(pass.write.unstake(first, { account: member.account }));
      await mined(pass.write.stake([1n], { account: member.account }));
      await expectRevert(pass.write.unstake(first, { account: member.account }), "NonceUsed", [0n]);
      await mined(pass.write.unstake(await authorizeUnstake(1n), { account: member.account }));
    });

    it("rejects expired, foreign-chain, foreign-contract, wrong-signer, wrong-token and future-nonce unstake authorizations", async () => {
      const { pass, member, other, authorizeUnstake } = await loadFixture(mintedFixture);
      await mined(pass.write.stake([1n], { account: member.account }));
      const as = { account: member.account };
      const now = await latestTimestamp();
      await expectRevert(
        pass.write.unstake(await authorizeUnstake(1n, { deadline: now }), as),
        "AuthorizationExpired",
        [now],
      );
      await expectRevert(pass.write.unstake(await authorizeUnstake(1n, { chainId: 42766 }), as), "InvalidSigner");
      await expectRevert(
        pass.write.unstake(await authorizeUnstake(1n, { verifyingContract: other.account.address }), as),
        "InvalidSigner",
      );
      await expectRevert(pass.write.unstake(await authorizeUnstake(1n, { signer: STRANGER_KEY }), as), "InvalidSigner");
      await expectRevert(pass.write.unstake(await authorizeUnstake(1n, { nonce: 5n }), as), "InvalidNonce", [0n, 5n]);
      const [, nonce, deadline, signatureForPass2] = await authorizeUnstake(2n);
      await expectRevert(pass.write.unstake([1n, nonce, deadline, signatureForPass2], as), "InvalidSigner");
      expect(await pass.read.stakeInfo([1n])).to.have.nested.property("[0]", true);
    });

    it("refuses unstaking by anyone but the owner", async () => {
      const { pass, member, other, authorizeUnstake } = await loadFixture(mintedFixture);
      await mined(pass.write.stake([1n], { account: member.account }));
      await expectRevert(pass.write.unstake(await authorizeUnstake(1n), { account: other.account }), "NotOwner", [1n]);
    });
  });

  describe("admin", () => {
    it("lets the owner rotate the authorizer; the old signer's authorizations stop working", async () => {
      const { pass, admin, member, other, authorizeMint, authorizer } = await loadFixture(deployGenesisPassFixture);
      const { privateKeyToAccount } = await import("viem/accounts");
      const next = privateKeyToAccount(STRANGER_KEY);
      const pending = await authorizeMint(member.account.address);
      const receipt = await mined(pass.write.setAuthorizer([next.address], { account: admin.account }));
      const [updated] = eventsOf(pass.abi, receipt.logs, "AuthorizerUpdated");
      expect(updated?.args).to.deep.equal({ previousAuthorizer: authorizer.address, newAuthorizer: next.address });
      expect(await pass.read.authorizer()).to.equal(next.address);
      await expectRevert(pass.write.mint(pending), "InvalidSigner");
      await mined(pass.write.mint(await authorizeMint(other.account.address, { signer: STRANGER_KEY })));
    });

    it("refuses authorizer and base URI changes from anyone but the owner, and a zero authorizer", async () => {
      const { pass, admin, member } = await loadFixture(deployGenesisPassFixture);
      await expectRevert(
        pass.write.setAuthorizer([member.account.address], { account: member.account }),
        "OwnableUnauthorizedAccount",
        [getAddress(member.account.address)],
      );
      await expectRevert(
        pass.write.setBaseURI(["https://evil/"], { account: member.account }),
        "OwnableUnauthorizedAccount",
        [getAddress(member.account.address)],
      );
      await expectRevert(pass.write.setAuthorizer([zeroAddress], { account: admin.account }), "ZeroAddress");
    });

    it("serves tokenURI from the base URI the owner sets", async () => {
      const { pass, admin } = await loadFixture(mintedFixture);
      const receipt = await mined(
        pass.write.setBaseURI(["https://arcana.example/api/nft/metadata/"], { account: admin.account }),
      );
      expect(eventsOf(pass.abi, receipt.logs, "BaseURIUpdated")[0]?.args).to.deep.equal({
        baseURI: "https://arcana.example/api/nft/metadata/",
      });
      expect(eventsOf(pass.abi, receipt.logs, "BatchMetadataUpdate")[0]?.args).to.deep.equal({
        _fromTokenId: 1n,
        _toTokenId: 2n,
      });
      expect(await pass.read.tokenURI([2n])).to.equal("https://arcana.example/api/nft/metadata/2");
      await expectRevert(pass.read.tokenURI([3n]), "ERC721NonexistentToken", [3n]);
    });

    it("hands over ownership in two steps", async () => {
      const { pass, admin, member } = await loadFixture(deployGenesisPassFixture);
      await mined(pass.write.transferOwnership([member.account.address], { account: admin.account }));
      expect(await pass.read.owner()).to.equal(getAddress(admin.account.address));
      await mined(pass.write.acceptOwnership({ account: member.account }));
      expect(await pass.read.owner()).to.equal(getAddress(member.account.address));
    });

    it("exposes the EIP-712 domain the server signs for", async () => {
      const { pass, chainId } = await loadFixture(deployGenesisPassFixture);
      const [, name, version, domainChainId, verifyingContract] = await pass.read.eip712Domain();
      expect({ name, version, chainId: Number(domainChainId), verifyingContract }).to.deep.equal({
        name: "Arcana Genesis Pass",
        version: "1",
        chainId,
        verifyingContract: getAddress(pass.address),
      });
    });
  });
});
