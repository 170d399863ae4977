// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";

/// @title Arcana Daily
/// @notice Daily check-in and tarot record, each at most once per wallet per GMT day
///         (day = block.timestamp / 86400). Arcana's indexer credits points from the events.
/// @dev History is kept in per-wallet bitmaps (one storage word per 256 days), so any past day
///      can be queried and a day's second call is rejected by a single bit test.
///      ERC-2771: a call relayed by the trusted forwarder (OpenZeppelin's `ERC2771Forwarder`) acts for the
///      member who signed the request (`_msgSender()`): a sponsored check-in is the member's own and its
///      event names the member's wallet. Direct calls work as before.
contract Daily is ERC2771Context {
    uint256 private constant SECONDS_PER_DAY = 86_400;

    struct CheckInState {
        uint64 lastDay;
        uint64 streak;
        uint64 total;
    }

    mapping(address wallet => mapping(uint256 word => uint256 bits)) private _checkIns;
    mapping(address wallet => mapping(uint256 word => uint256 bits)) private _tarots;
    mapping(address wallet => CheckInState) private _checkInState;

    /// @notice The wallet already checked in on this GMT day.
    error AlreadyCheckedIn(uint256 day);
    /// @notice The wallet already recorded a tarot reading on this GMT day.
    error TarotAlreadyRecorded(uint256 day);

    /// @notice Emitted on a wallet's check-in for a GMT day.
    event CheckedIn(address indexed wallet, uint256 indexed day);
    /// @notice Emitted when a wallet records the digest of its tarot reading for a GMT day.
    event TarotRecorded(address indexed wallet, uint256 indexed day, bytes32 digest);

    /// @param trustedForwarder_ The ERC-2771 forwarder whose relayed calls act for their signer.
    constructor(address trustedForwarder_) ERC2771Context(trustedForwarder_) {}

    /// @notice Checks the caller in for the current GMT day.
    function checkIn() external {
        address wallet = _msgSender();
        uint256 day = block.timestamp / SECONDS_PER_DAY;
        if (!_setBit(_checkIns[wallet], day)) revert AlreadyCheckedIn(day);
        CheckInState storage state = _checkInState[wallet];
        state.streak = (state.total != 0 && state.lastDay + 1 == day) ? state.streak + 1 : 1;
        state.lastDay = uint64(day);
        state.total += 1;
        emit CheckedIn(wallet, day);
    }

    /// @notice Records the digest of the caller's tarot reading for the current GMT day.
    /// @param readingDigest A digest of the day's draw (computed by Arcana's server).
    function recordTarot(bytes32 readingDigest) external {
        address wallet = _msgSender();
        uint256 day = block.timestamp / SECONDS_PER_DAY;
        if (!_setBit(_tarots[wallet], day)) revert TarotAlreadyRecorded(day);
        emit TarotRecorded(wallet, day, readingDigest);
    }

    /// @notice The current GMT day number (days since 1970-01-01).
    /// @return The day.
    function currentDay() external view returns (uint256) {
        return block.timestamp / SECONDS_PER_DAY;
    }

    /// @notice Whether a wallet checked in on a GMT day.
    /// @param wallet The wallet.
    /// @param day The GMT day number.
    /// @return Whether it did.
    function hasCheckedIn(address wallet, uint256 day) external view returns (bool) {
        return _getBit(_checkIns[wallet], day);
    }

    /// @notice Whether a wallet recorded a tarot reading on a GMT day.
    /// @param wallet The wallet.
    /// @param day The GMT day number.
    /// @return Whether it did.
    function hasRecordedTarot(address wallet, uint256 day) external view returns (bool) {
        return _getBit(_tarots[wallet], day);
    }

    /// @notice The last GMT day a wallet checked in (0 if never).
    /// @param wallet The wallet.
    /// @return The day number.
    function lastCheckInDay(address wallet) external view returns (uint256) {
        return _checkInState[wallet].lastDay;
    }

    /// @notice A wallet's check-in counters.
    /// @param wallet The wallet.
    /// @return lastDay The last GMT day it checked in (0 if never).
    /// @return streak Consecutive days ending at `lastDay` (a streak is live only if `lastDay` is today or yesterday).
    /// @return total Check-ins ever.
    function checkInStats(address wallet) external view returns (uint64 lastDay, uint64 streak, uint64 total) {
        CheckInState memory state = _checkInState[wallet];
        return (state.lastDay, state.streak, state.total);
    }

    /// @dev Sets the day's bit; returns false if it was already set.
    function _setBit(mapping(uint256 => uint256) storage bitmap, uint256 day) private returns (bool) {
        uint256 mask = 1 << (day & 0xff);
        uint256 word = bitmap[day >> 8];
        if (word & mask != 0) return false;
        bitmap[day >> 8] = word | mask;
        return true;
    }

    function _getBit(mapping(uint256 => uint256) storage bitmap, uint256 day) private view returns (bool) {
        return bitmap[day >> 8] & (1 << (day & 0xff)) != 0;
    }
}
