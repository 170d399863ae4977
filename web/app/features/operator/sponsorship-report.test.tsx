import type { OperatorSponsoredChain, OperatorSponsorship } from "@arcana/protocol";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../../test/fixtures";
import { SponsorshipReport } from "./sponsorship-report";

// The chart draws on a canvas, which happy-dom lacks (getContext answers null, no Path2D): a context and
// paths that accept every drawing call let uPlot draw; the tests read the table view.
const acceptsEverything = () => new Proxy({}, { get: () => () => ({ width: 0 }), set: () => true });
if (!("Path2D" in globalThis)) {
  Object.defineProperty(globalThis, "Path2D", {
    configurable: true,
    writable: true,
    value: function Path2D() {
      return acceptsEverything();
    },
  });
}
Object.defineProperty(HTMLCanvasElement.prototype, "getContext", {
  configurable: true,
  writable: true,
  value: () =>
    new Proxy(
      {},
      {
        get: (_context, property) => (property === "canvas" ? undefined : () => ({ width: 0 })),
        set: () => true,
      },
    ),
});

/** Renders the report under a root that sends the English messages, as the console's loaders do. */
async function show(sponsorship: OperatorSponsorship) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
      Component: () => <SponsorshipReport sponsorship={sponsorship} />,
      HydrateFallback: () => null,
      loader: () => ({ cspNonce: "n", ...testI18n() }),
    },
  ]);
  const { container } = render(<Stub initialEntries={["/operator/sponsorship"]} />);
  await screen.findAllByText(/Relaying|Low on funds|No chain is sponsored/);
  // Each chart loads uPlot (the mock above) after it mounts: wait until every one has drawn, so no import
  // is still pending when the file ends (a late one would load the real uPlot, which needs a canvas).
  await waitFor(() =>
    expect([...container.querySelectorAll<HTMLElement>("[data-chart]")].every((chart) => chart.dataset.drawn)).toBe(
      true,
    ),
  );
}

afterEach(cleanup);

/** The figure shown under a tile's label. */
const tile = (section: HTMLElement, label: string) =>
  [...section.querySelectorAll("dt")].find((term) => term.textContent === label)?.nextElementSibling?.textContent;

const chain = (change: Partial<OperatorSponsoredChain> = {}): OperatorSponsoredChain => ({
  chain_id: 204,
  chain_key: "opBNB",
  symbol: "BNB",
  relayer: "0x1111111111111111111111111111111111111111",
  balance: "0.5",
  low_balance: "0.02",
  budget: "0.05",
  spent_today: "0.0123",
  reserved_today: "0.0004",
  queue_depth: 3,
  waiting_over_minute: 0,
  confirmed: 120,
  failed: 4,
  replaced: 2,
  days: [
    { date: "2026-11-24", relays: 50, confirmed: 48, failed: 2, spent: "0.01" },
    { date: "2026-11-25", relays: 74, confirmed: 72, failed: 2, spent: "0.0123" },
  ],
  ...change,
});

describe("the sponsorship report", () => {
  it("shows a chain's relayer, spend against budget, queue and outcomes, and sponsored actions per day as a table", async () => {
    await show({ window_days: 14, chains: [chain()] });
    const section = screen.getByRole("region", { name: /opBNB \(204\)/ });
    expect(within(section).getByText("Relaying")).toBeTruthy();
    expect(section.textContent).toContain("0x1111111111111111111111111111111111111111");
    expect(tile(section, "Relayer balance")).toBe("0.5 BNB");
    expect(tile(section, "Spent today (GMT)")).toBe("0.0123 BNB of 0.05 BNB");
    expect(tile(section, "Queue")).toBe("3");
    expect(tile(section, "Confirmed")).toBe("120");
    expect(tile(section, "Failed")).toBe("4");
    expect(tile(section, "Replaced transactions")).toBe("2");
    const rows = within(within(section).getByRole("table")).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual(["DayConfirmedFailed", "2026-11-24482", "2026-11-25722"]);
  });

  it("flags a relayer low on funds, an unreachable balance and relays waiting over a minute", async () => {
    await show({
      window_days: 14,
      chains: [
        chain({ balance: "0.01", waiting_over_minute: 2 }),
        chain({ chain_id: 42766, chain_key: "zkFair", symbol: "USDC", balance: null }),
      ],
    });
    const low = screen.getByRole("region", { name: /^opBNB/ });
    expect(within(low).getByText("Low on funds: sponsorship paused")).toBeTruthy();
    expect(tile(low, "Waiting over a minute")).toBe("2");
    const unknown = screen.getByRole("region", { name: /^zkFair/ });
    expect(tile(unknown, "Relayer balance")).toBe("unknown (RPC unreachable)");
  });

  it("says how to sponsor a chain when none is", async () => {
    await show({ window_days: 14, chains: [] });
    expect(screen.getByText(/No chain is sponsored/)).toBeTruthy();
  });
});
