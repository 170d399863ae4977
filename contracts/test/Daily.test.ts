import { loadFixture, time } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { expect } from "chai";
import { getAddress, keccak256, toHex } from "viem";
import { deployDailyFixture } from "./fixtures";
import { eventsOf, expectRevert, latestTimestamp, mined, SECONDS_PER_DAY } from "./helpers";

/** The start (00:00:00 GMT) of the day `daysAhead` after the current block's day. */
async function startOfDayAhead(daysAhead: bigint): Promise<bigint> {
  return ((await latestTimestamp()) / SECONDS_PER_DAY + daysAhead) * SECONDS_PER_DAY;
}

describe("Daily", () => {
  describe("checkIn", () => {
    it("checks the wallet in for the current GMT day", async () => {
      const { daily, member } = await loadFixture(deployDailyFixture);
      const midnight = await startOfDayAhead(1n);
      const day = midnight / SECONDS_PER_DAY;
      await time.setNextBlockTimestamp(midnight);
      const receipt = await mined(daily.write.checkIn({ account: member.account }));
      expect(eventsOf(daily.abi, receipt.logs, "CheckedIn")[0]?.args).to.deep.equal({
        wallet: getAddress(member.account.address),
        day,
      });
      expect(await daily.read.hasCheckedIn([member.account.address, day])).to.equal(true);
      expect(await daily.read.hasCheckedIn([member.account.address, day - 1n])).to.equal(false);
      expect(await daily.read.lastCheckInDay([member.account.address])).to.equal(day);
      expect(await daily.read.currentDay()).to.equal(day);
    });

    it("rejects a second check-in the same GMT day, up to 23:59:59", async () => {
      const { daily, member } = await loadFixture(deployDailyFixture);
      const midnight = await startOfDayAhead(1n);
      const day = midnight / SECONDS_PER_DAY;
      await time.setNextBlockTimestamp(midnight);
      await mined(daily.write.checkIn({ account: member.account }));
      await time.setNextBlockTimestamp(midnight + SECONDS_PER_DAY - 1n);
      await expectRevert(daily.write.checkIn({ account: member.account }), "AlreadyCheckedIn", [day]);
    });

    it("accepts the next check-in at 00:00:00 GMT the next day and counts the streak", async () => {
      const { daily, member } = await loadFixture(deployDailyFixture);
      const midnight = await startOfDayAhead(1n);
      const day = midnight / SECONDS_PER_DAY;
      await time.setNextBlockTimestamp(midnight + SECONDS_PER_DAY - 1n);
      await mined(daily.write.checkIn({ account: member.account }));
      await time.setNextBlockTimestamp(midnight + SECONDS_PER_DAY);
      await mined(daily.write.checkIn({ account: member.account }));
      expect(await daily.read.checkInStats([member.account.address])).to.deep.equal([day + 1n, 2n, 2n]);
    });

    it("restarts the streak after a missed day", async () => {
      const { daily, member } = await loadFixture(deployDailyFixture);
      const midnight = await startOfDayAhead(1n);
      const day = midnight / SECONDS_PER_DAY;
      for (const offset of [0n, 1n, 3n]) {
        await time.setNextBlockTimestamp(midnight + offset * SECONDS_PER_DAY + 3_600n);
        await mined(daily.write.checkIn({ account: member.account }));
      }
      expect(await daily.read.checkInStats([member.account.address])).to.deep.equal([day + 3n, 1n, 3n]);
      expect(await daily.read.hasCheckedIn([member.account.address, day + 2n])).to.equal(false);
      expect(await daily.read.hasCheckedIn([member.account.address, day + 1n])).to.equal(true);
    });

    it("keeps wallets independent", async () => {
      const { daily, member, other } = await loadFixture(deployDailyFixture);
      await time.setNextBlockTimestamp((await startOfDayAhead(1n)) + 3_600n);
      await mined(daily.write.checkIn({ account: member.account }));
      await mined(daily.write.checkIn({ account: other.account }));
      const day = await daily.read.currentDay();
      expect(await daily.read.hasCheckedIn([other.account.address, day])).to.equal(true);
    });

    it("reports nothing for a wallet that never checked in", async () => {
      const { daily, other } = await loadFixture(deployDailyFixture);
      expect(await daily.read.lastCheckInDay([other.account.address])).to.equal(0n);
      expect(await daily.read.checkInStats([other.account.address])).to.deep.equal([0n, 0n, 0n]);
    });
  });

  describe("recordTarot", () => {
    const digest = keccak256(toHex("past:0:upright|present:21:reversed|future:40:upright"));

    it("records the day's reading digest once per GMT day", async () => {
      const { daily, member } = await loadFixture(deployDailyFixture);
      const midnight = await startOfDayAhead(1n);
      const day = midnight / SECONDS_PER_DAY;
      await time.setNextBlockTimestamp(midnight + 60n);
      const receipt = await mined(daily.write.recordTarot([digest], { account: member.account }));
      expect(eventsOf(daily.abi, receipt.logs, "TarotRecorded")[0]?.args).to.deep.equal({
        wallet: getAddress(member.account.address),
        day,
        digest,
      });
      expect(await daily.read.hasRecordedTarot([member.account.address, day])).to.equal(true);

      await time.setNextBlockTimestamp(midnight + SECONDS_PER_DAY - 1n);
      await expectRevert(
        daily.write.recordTarot([keccak256("0x01")], { account: member.account }),
        "TarotAlreadyRecorded",
        [day],
      );

      await time.setNextBlockTimestamp(midnight + SECONDS_PER_DAY);
      await mined(daily.write.recordTarot([digest], { account: member.account }));
      expect(await daily.read.hasRecordedTarot([member.account.address, day + 1n])).to.equal(true);
    });

    it("is independent of the check-in", async () => {
      const { daily, member } = await loadFixture(deployDailyFixture);
      await time.setNextBlockTimestamp((await startOfDayAhead(1n)) + 3_600n);
      await mined(daily.write.recordTarot([digest], { account: member.account }));
      await mined(daily.write.checkIn({ account: member.account }));
      const day = await daily.read.currentDay();
      expect(await daily.read.hasCheckedIn([member.account.address, day])).to.equal(true);
      expect(await daily.read.hasRecordedTarot([member.account.address, day])).to.equal(true);
    });
  });
});
