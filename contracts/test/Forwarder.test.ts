import { loadFixture, time } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { expect } from "chai";
import { concat, decodeErrorResult, getAddress, type Hex, keccak256, toHex, zeroAddress } from "viem";
import { sponsoredFixture, sponsoredHolderFixture } from "./forwarding";
import { eventsOf, expectRevert, latestTimestamp, mined } from "./helpers";

const digest = keccak256(toHex("the day's reading"));

/** The raw revert data somewhere in a failed eth_call's error chain. */
function revertData(error: unknown): Hex | null {
  let cause: unknown = error;
  while (cause instanceof Error) {
    const data: unknown = Reflect.get(cause, "data");
    if (typeof data === "string" && data.startsWith("0x")) return data as Hex;
    if (typeof data === "object" && data !== null && typeof Reflect.get(data, "data") === "string")
      return Reflect.get(data, "data") as Hex;
    cause = cause.cause;
  }
  return null;
}

describe("sponsored calls through the ERC-2771 forwarder", () => {
  describe("act for the member who signed", () => {
    it("a forwarded checkIn checks the signer in, names the signer's wallet, and costs the signer nothing", async () => {
      const { forwarder, daily, relayer, member, publicClient, forwardRequest, calls } =
        await loadFixture(sponsoredFixture);
      const receipt = await mined(
        forwarder.write.execute([await forwardRequest(member, calls.checkIn())], { account: relayer.account }),
      );
      const day = await daily.read.currentDay();
      expect(eventsOf(daily.abi, receipt.logs, "CheckedIn").map((e) => e.args)).to.deep.equal([
        { wallet: member.address, day },
      ]);
      expect(await daily.read.hasCheckedIn([member.address, day])).to.equal(true);
      expect(await daily.read.hasCheckedIn([relayer.account.address, day])).to.equal(false);
      expect(await daily.read.checkInStats([member.address])).to.deep.equal([day, 1n, 1n]);
      expect(await publicClient.getBalance({ address: member.address })).to.equal(0n);
      expect(eventsOf(forwarder.abi, receipt.logs, "ExecutedForwardRequest").map((e) => e.args)).to.deep.equal([
        { signer: member.address, nonce: 0n, success: true },
      ]);
    });

    it("a forwarded recordTarot records the signer's reading under the signer's wallet", async () => {
      const { forwarder, daily, relayer, member, forwardRequest, calls } = await loadFixture(sponsoredFixture);
      const receipt = await mined(
        forwarder.write.execute([await forwardRequest(member, calls.recordTarot(digest))], {
          account: relayer.account,
        }),
      );
      const day = await daily.read.currentDay();
      expect(eventsOf(daily.abi, receipt.logs, "TarotRecorded").map((e) => e.args)).to.deep.equal([
        { wallet: member.address, day, digest },
      ]);
      expect(await daily.read.hasRecordedTarot([member.address, day])).to.equal(true);
      expect(await daily.read.hasRecordedTarot([relayer.account.address, day])).to.equal(false);
    });

    it("a forwarded mint puts the pass in the authorized wallet (the member signs, the relayer pays)", async () => {
      const { pass, forwarder, relayer, member, forwardRequest, calls, authorizeMint } =
        await loadFixture(sponsoredFixture);
      const receipt = await mined(
        forwarder.write.execute([await forwardRequest(member, calls.mint(await authorizeMint(member.address)))], {
          account: relayer.account,
        }),
      );
      expect(await pass.read.ownerOf([1n])).to.equal(member.address);
      expect(await pass.read.balanceOf([relayer.account.address])).to.equal(0n);
      expect(eventsOf(pass.abi, receipt.logs, "Transfer").map((e) => e.args)).to.deep.equal([
        { from: zeroAddress, to: member.address, tokenId: 1n },
      ]);
    });

    it("a forwarded stake and unstake by the holder act for the holder and name the holder's wallet", async () => {
      const { pass, forwarder, relayer, member, publicClient, forwardRequest, calls, authorizeUnstake } =
        await loadFixture(sponsoredHolderFixture);
      const staked = await mined(
        forwarder.write.execute([await forwardRequest(member, calls.stake(1n))], { account: relayer.account }),
      );
      const since = (await latestTimestamp()) as bigint;
      expect(eventsOf(pass.abi, staked.logs, "Staked").map((e) => e.args)).to.deep.equal([
        { owner: member.address, tokenId: 1n, since },
      ]);
      expect(await pass.read.stakeInfo([1n])).to.deep.equal([true, since]);

      const unstaked = await mined(
        forwarder.write.execute([await forwardRequest(member, calls.unstake(await authorizeUnstake(1n)))], {
          account: relayer.account,
        }),
      );
      const at = await latestTimestamp();
      expect(eventsOf(pass.abi, unstaked.logs, "Unstaked").map((e) => e.args)).to.deep.equal([
        { owner: member.address, tokenId: 1n, at },
      ]);
      expect(await pass.read.stakeInfo([1n])).to.deep.equal([false, 0n]);
      expect(await publicClient.getBalance({ address: member.address })).to.equal(0n);
    });
  });

  describe("only the holder can stake or unstake through the forwarder", () => {
    it("refuses a stake signed by someone else, and says NotOwner when the call is simulated as forwarded", async () => {
      const { pass, forwarder, relayer, stranger, publicClient, forwardRequest, calls } =
        await loadFixture(sponsoredHolderFixture);
      const request = await forwardRequest(stranger, calls.stake(1n));
      // The forwarder reverts without the inner reason; a relayer simulates the inner call as the forwarder
      // makes it (the signer's address appended) to learn why.
      await expectRevert(forwarder.write.execute([request], { account: relayer.account }), "FailedCall", []);
      const simulated = await publicClient
        .call({ account: forwarder.address, to: pass.address, data: concat([request.data, stranger.address]) })
        .then(() => null, revertData);
      expect(simulated, "simulated revert data").to.be.a("string");
      expect(decodeErrorResult({ abi: pass.abi, data: simulated as Hex })).to.deep.include({
        errorName: "NotOwner",
        args: [1n],
      });
      expect(await pass.read.stakeInfo([1n])).to.deep.equal([false, 0n]);
    });

    it("refuses an unstake signed by someone else, even with a valid server authorization", async () => {
      const { pass, forwarder, relayer, member, stranger, forwardRequest, calls, authorizeUnstake } =
        await loadFixture(sponsoredHolderFixture);
      await mined(
        forwarder.write.execute([await forwardRequest(member, calls.stake(1n))], { account: relayer.account }),
      );
      const request = await forwardRequest(stranger, calls.unstake(await authorizeUnstake(1n)));
      await expectRevert(forwarder.write.execute([request], { account: relayer.account }), "FailedCall", []);
      expect((await pass.read.stakeInfo([1n]))[0]).to.equal(true);
      expect(await pass.read.unstakeNonces([1n])).to.equal(0n);
    });

    it("refuses the relayer staking the member's pass directly (the relayer is not the holder)", async () => {
      const { pass, relayer } = await loadFixture(sponsoredHolderFixture);
      await expectRevert(pass.write.stake([1n], { account: relayer.account }), "NotOwner", [1n]);
    });
  });

  describe("refuses requests that are not the member's, today, once, for this forwarder", () => {
    it("an expired request fails and uses no nonce", async () => {
      const { forwarder, daily, relayer, member, forwardRequest, calls } = await loadFixture(sponsoredFixture);
      const deadline = Number(await latestTimestamp()) + 60;
      const request = await forwardRequest(member, calls.checkIn(), { deadline });
      await time.setNextBlockTimestamp(deadline + 1);
      await expectRevert(
        forwarder.write.execute([request], { account: relayer.account }),
        "ERC2771ForwarderExpiredRequest",
        [deadline],
      );
      expect(await forwarder.read.nonces([member.address])).to.equal(0n);
      expect(await daily.read.checkInStats([member.address])).to.deep.equal([0n, 0n, 0n]);
    });

    it("a replayed request fails: the first use moved the signer's nonce", async () => {
      const { forwarder, relayer, member, forwardRequest, calls } = await loadFixture(sponsoredFixture);
      const request = await forwardRequest(member, calls.recordTarot(digest));
      await mined(forwarder.write.execute([request], { account: relayer.account }));
      expect(await forwarder.read.verify([request])).to.equal(false);
      await expectRevert(
        forwarder.write.execute([request], { account: relayer.account }),
        "ERC2771ForwarderInvalidSigner",
      );
      expect(await forwarder.read.nonces([member.address])).to.equal(1n);
    });

    it("a forged request (signed by someone else in the member's name) fails", async () => {
      const { forwarder, daily, relayer, member, stranger, forwardRequest, calls } =
        await loadFixture(sponsoredFixture);
      const request = await forwardRequest(stranger, calls.checkIn(), { from: member.address });
      await expectRevert(
        forwarder.write.execute([request], { account: relayer.account }),
        "ERC2771ForwarderInvalidSigner",
        [stranger.address, member.address],
      );
      expect(await daily.read.hasCheckedIn([member.address, await daily.read.currentDay()])).to.equal(false);
    });

    it("a request altered after signing (another call, more gas) fails", async () => {
      const { forwarder, relayer, member, forwardRequest, calls } = await loadFixture(sponsoredFixture);
      const request = await forwardRequest(member, calls.recordTarot(digest));
      const otherCall = { ...request, data: calls.recordTarot(keccak256(toHex("another reading"))).data };
      await expectRevert(
        forwarder.write.execute([otherCall], { account: relayer.account }),
        "ERC2771ForwarderInvalidSigner",
      );
      const moreGas = { ...request, gas: request.gas + 1n };
      await expectRevert(
        forwarder.write.execute([moreGas], { account: relayer.account }),
        "ERC2771ForwarderInvalidSigner",
      );
    });

    it("a request signed for another forwarder fails on ours, and another forwarder is not trusted", async () => {
      const { forwarder, rogue, daily, relayer, member, forwardRequest, calls } = await loadFixture(sponsoredFixture);
      const forRogue = await forwardRequest(member, calls.checkIn(), { forwarder: rogue.address });
      await expectRevert(
        forwarder.write.execute([forRogue], { account: relayer.account }),
        "ERC2771ForwarderInvalidSigner",
      );
      await expectRevert(rogue.write.execute([forRogue], { account: relayer.account }), "ERC2771UntrustfulTarget", [
        getAddress(daily.address),
        getAddress(rogue.address),
      ]);
      expect(await daily.read.isTrustedForwarder([forwarder.address])).to.equal(true);
      expect(await daily.read.isTrustedForwarder([rogue.address])).to.equal(false);
      expect(await daily.read.hasCheckedIn([member.address, await daily.read.currentDay()])).to.equal(false);
    });

    it("an address appended to a direct call does not impersonate anyone: the caller acts for itself", async () => {
      const { daily, relayer, member, publicClient, calls } = await loadFixture(sponsoredFixture);
      const hash = await relayer.sendTransaction({
        to: daily.address,
        data: concat([calls.checkIn().data, member.address]),
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      const day = await daily.read.currentDay();
      expect(eventsOf(daily.abi, receipt.logs, "CheckedIn").map((e) => e.args)).to.deep.equal([
        { wallet: getAddress(relayer.account.address), day },
      ]);
      expect(await daily.read.hasCheckedIn([member.address, day])).to.equal(false);
    });
  });

  describe("direct calls still work", () => {
    it("a member with gas checks in, records tarot and stakes by calling the contracts directly", async () => {
      const { pass, daily, other, authorizeMint } = await loadFixture(sponsoredFixture);
      const as = { account: other.account };
      const wallet = getAddress(other.account.address);
      await mined(pass.write.mint(await authorizeMint(wallet), as));
      const staked = await mined(pass.write.stake([1n], as));
      expect(eventsOf(pass.abi, staked.logs, "Staked")[0]?.args.owner).to.equal(wallet);
      const checkedIn = await mined(daily.write.checkIn(as));
      expect(eventsOf(daily.abi, checkedIn.logs, "CheckedIn")[0]?.args.wallet).to.equal(wallet);
      const recorded = await mined(daily.write.recordTarot([digest], as));
      expect(eventsOf(daily.abi, recorded.logs, "TarotRecorded")[0]?.args.wallet).to.equal(wallet);
    });
  });

  describe("executeBatch (several members' requests in one transaction)", () => {
    it("acts for each signer; with a refund receiver a failing request is skipped and the rest go through", async () => {
      const { forwarder, daily, relayer, member, stranger, forwardRequest, calls } =
        await loadFixture(sponsoredFixture);
      await mined(
        forwarder.write.execute([await forwardRequest(stranger, calls.checkIn())], { account: relayer.account }),
      );
      const batch = [
        await forwardRequest(member, calls.checkIn()),
        await forwardRequest(stranger, calls.checkIn()), // already checked in today: its call reverts
        // The member's second request signs the nonce after the first's.
        await forwardRequest(member, calls.recordTarot(digest), { nonce: 1n }),
      ];
      const receipt = await mined(
        forwarder.write.executeBatch([batch, relayer.account.address], { account: relayer.account }),
      );
      const day = await daily.read.currentDay();
      expect(eventsOf(forwarder.abi, receipt.logs, "ExecutedForwardRequest").map((e) => e.args)).to.deep.equal([
        { signer: member.address, nonce: 0n, success: true },
        { signer: stranger.address, nonce: 1n, success: false },
        { signer: member.address, nonce: 1n, success: true },
      ]);
      expect(eventsOf(daily.abi, receipt.logs, "CheckedIn").map((e) => e.args)).to.deep.equal([
        { wallet: member.address, day },
      ]);
      expect(eventsOf(daily.abi, receipt.logs, "TarotRecorded").map((e) => e.args)).to.deep.equal([
        { wallet: member.address, day, digest },
      ]);
    });
  });
});
