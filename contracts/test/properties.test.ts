import { loadFixture, time } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { expect } from "chai";
import fc from "fast-check";
import { type Address, bytesToHex, getAddress, type Hex, keccak256, zeroAddress } from "viem";
import { deployDailyFixture, deployGenesisPassFixture, mintedFixture } from "./fixtures";
import { expectRevert, latestTimestamp, mined, SECONDS_PER_DAY } from "./helpers";

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(bytesToHex(bytes)));

describe("properties", () => {
  it("no transfer or approval path ever moves a pass or grants an approval", async () => {
    const action = fc.record({
      path: fc.constantFrom(
        "transferFrom",
        "safeTransferFrom",
        "safeTransferFromWithData",
        "approve",
        "setApprovalForAll",
      ),
      caller: fc.nat({ max: 3 }),
      to: fc.oneof(fc.constant<Address>(zeroAddress), fc.nat({ max: 3 }), address),
      from: fc.nat({ max: 3 }),
      tokenId: fc.constantFrom(1n, 2n),
      data: fc.uint8Array({ maxLength: 8 }).map((bytes) => bytesToHex(bytes)),
      approved: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 4 }), async (actions) => {
        const { pass, admin, member, other, relayer } = await loadFixture(mintedFixture);
        const wallets = [admin, member, other, relayer];
        const pick = (index: number) => wallets[index].account;
        for (const a of actions) {
          const as = { account: pick(a.caller) };
          const to = typeof a.to === "number" ? pick(a.to).address : a.to;
          const from = pick(a.from).address;
          const call =
            a.path === "transferFrom"
              ? pass.write.transferFrom([from, to, a.tokenId], as)
              : a.path === "safeTransferFrom"
                ? pass.write.safeTransferFrom([from, to, a.tokenId], as)
                : a.path === "safeTransferFromWithData"
                  ? pass.write.safeTransferFrom([from, to, a.tokenId, a.data as Hex], as)
                  : a.path === "approve"
                    ? pass.write.approve([to, a.tokenId], as)
                    : pass.write.setApprovalForAll([to, a.approved], as);
          await expectRevert(call, "Soulbound");
        }
        expect(await pass.read.ownerOf([1n])).to.equal(getAddress(member.account.address));
        expect(await pass.read.ownerOf([2n])).to.equal(getAddress(other.account.address));
        expect(await pass.read.balanceOf([member.account.address])).to.equal(1n);
        expect(await pass.read.balanceOf([other.account.address])).to.equal(1n);
        expect(await pass.read.getApproved([1n])).to.equal(zeroAddress);
        for (const operator of wallets) {
          expect(await pass.read.isApprovedForAll([member.account.address, operator.account.address])).to.equal(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a mint authorization never mints twice, and a wallet never holds two passes", async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("fresh" as const), recipient: fc.nat({ max: 2 }), submitter: fc.nat({ max: 3 }) }),
      fc.record({ kind: fc.constant("replay" as const), which: fc.nat(), submitter: fc.nat({ max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          address.filter((a) => a !== zeroAddress),
          { minLength: 3, maxLength: 3 },
        ),
        fc.array(op, { minLength: 1, maxLength: 6 }),
        async (recipients, ops) => {
          const { pass, admin, member, other, relayer, authorizeMint } = await loadFixture(deployGenesisPassFixture);
          const submitters = [admin, member, other, relayer];
          const issued: { authorization: Awaited<ReturnType<typeof authorizeMint>>; minted: boolean }[] = [];
          const holders = new Set<Address>();

          for (const o of ops) {
            const as = { account: submitters[o.submitter].account };
            if (o.kind === "fresh") {
              const to = recipients[o.recipient];
              const entry = { authorization: await authorizeMint(to), minted: false };
              issued.push(entry);
              if (holders.has(to)) {
                await expectRevert(pass.write.mint(entry.authorization, as), "AlreadyMinted", [to]);
              } else {
                await mined(pass.write.mint(entry.authorization, as));
                entry.minted = true;
                holders.add(to);
              }
            } else if (issued.length > 0) {
              const entry = issued[o.which % issued.length];
              const [to, nonce] = entry.authorization;
              // A replay is either a consumed nonce or, for a wallet that already holds a pass, AlreadyMinted.
              const current = await pass.read.mintNonces([to]);
              if (current > nonce) await expectRevert(pass.write.mint(entry.authorization, as), "NonceUsed", [nonce]);
              else await expectRevert(pass.write.mint(entry.authorization, as), "AlreadyMinted", [to]);
            }
          }

          expect(await pass.read.totalSupply()).to.equal(BigInt(holders.size));
          expect(issued.filter((entry) => entry.minted).length).to.equal(holders.size);
          for (const to of recipients) {
            expect(await pass.read.balanceOf([to])).to.equal(holders.has(to) ? 1n : 0n);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a wallet's check-in and tarot record are unique per GMT day around midnight", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("checkIn" as const, "recordTarot" as const),
        fc.integer({ min: 2, max: 3_650 }),
        fc.integer({ min: -300, max: 300 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 300 }),
        async (fn, daysAhead, firstOffset, secondDelay, nextDayOffset) => {
          const { daily, member } = await loadFixture(deployDailyFixture);
          const as = { account: member.account };
          const submit = () =>
            fn === "checkIn" ? daily.write.checkIn(as) : daily.write.recordTarot([keccak256("0xa7")], as);
          const duplicateError = fn === "checkIn" ? "AlreadyCheckedIn" : "TarotAlreadyRecorded";
          const done = (day: bigint) =>
            fn === "checkIn"
              ? daily.read.hasCheckedIn([member.account.address, day])
              : daily.read.hasRecordedTarot([member.account.address, day]);

          const midnight = ((await latestTimestamp()) / SECONDS_PER_DAY + BigInt(daysAhead)) * SECONDS_PER_DAY;
          const first = midnight + BigInt(firstOffset);
          const firstDay = first / SECONDS_PER_DAY;
          await time.setNextBlockTimestamp(first);
          await mined(submit());
          expect(await done(firstDay)).to.equal(true);

          const second = first + BigInt(secondDelay);
          await time.setNextBlockTimestamp(second);
          let lastDay = firstDay;
          if (second / SECONDS_PER_DAY === firstDay) {
            await expectRevert(submit(), duplicateError, [firstDay]);
          } else {
            await mined(submit());
            lastDay = firstDay + 1n;
          }

          const nextDay = (lastDay + 1n) * SECONDS_PER_DAY + BigInt(nextDayOffset);
          await time.setNextBlockTimestamp(nextDay);
          await mined(submit());
          expect(await done(lastDay + 1n)).to.equal(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
