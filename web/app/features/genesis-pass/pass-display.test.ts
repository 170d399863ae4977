import { describe, expect, it } from "vitest";
import { testT } from "../../test/fixtures";
import { formatDuration, formatUtcTime, passCards } from "./pass-display";

const currency = { name: "Ether", symbol: "ETH", decimals: 18 };
const chains = [
  {
    id: 31337,
    name: "Local chain",
    gas_note: null,
    contracts: { genesis_pass: `0x${"a".repeat(40)}` as const, daily: null, forwarder: null },
    native_currency: currency,
  },
  {
    id: 42766,
    name: "ZKFair Mainnet",
    gas_note: "Gas on zkFair is paid in USDC.",
    contracts: { genesis_pass: null, daily: null, forwarder: null },
    native_currency: { name: "USD Coin", symbol: "USDC", decimals: 18 },
  },
];

describe("the member's passes as cards", () => {
  it("names each pass's network with its gas note and contract, in a stable order", () => {
    const cards = passCards(
      [
        { token_id: 9, chain_id: 42766, stake_info: null },
        { token_id: 2, chain_id: 31337, stake_info: { staked: false, since: null } },
        { token_id: 1, chain_id: 31337, stake_info: null },
      ],
      chains,
    );
    expect(cards.map((card) => [card.tokenId, card.chainName])).toEqual([
      [1, "Local chain"],
      [2, "Local chain"],
      [9, "ZKFair Mainnet"],
    ]);
    expect(cards[2]).toMatchObject({ gasNote: "Gas on zkFair is paid in USDC.", gasCurrency: "USDC", contract: null });
    expect(cards[0]?.contract).toBe(`0x${"a".repeat(40)}`);
  });

  it("shows no staked-since time for an unstaked pass, and a plain name for an unknown chain", () => {
    const [card] = passCards([{ token_id: 4, chain_id: 99, stake_info: { staked: false, since: 1_700_000_000 } }], []);
    expect(card).toMatchObject({ chainName: "Chain 99", staked: false, stakedSinceMs: null, gasNote: null });
  });
});

describe("times and durations", () => {
  it("prints a UTC time that reads the same on the server and in the browser", () => {
    expect(formatUtcTime(Date.UTC(2025, 2, 1, 12, 5, 59))).toBe("2025-03-01 12:05 UTC");
  });

  it("says how long a pass has been earning in its largest two units", () => {
    const t = testT("en");
    expect(formatDuration(42, t)).toBe("42s");
    expect(formatDuration(125, t)).toBe("2m 05s");
    expect(formatDuration(3 * 3600 + 5 * 60, t)).toBe("3h 05m");
    expect(formatDuration(2 * 86_400 + 4 * 3600 + 59, t)).toBe("2d 4h");
    expect(formatDuration(-3, t)).toBe("0s");
    expect(formatDuration(3 * 3600 + 5 * 60, testT("ko"))).toBe("3시간 05분");
  });
});
