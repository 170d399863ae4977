import type { ChainStatuses } from "@arcana/protocol";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../../test/fixtures";
import { ChainTable } from "./chain-table";

afterEach(cleanup);

const chain: ChainStatuses["chains"][number] = {
  chain_id: 204,
  name: "opBNB",
  head_block: 1_000,
  indexed_block: 1_000,
  lag_blocks: 0,
  lag_seconds: 0,
  last_error: "HTTP request failed.",
  last_error_at: "2026-11-28T02:00:00.000Z",
  error_current: true,
  leader: "web-1:42",
  reported_at: "2026-11-28T01:59:58.000Z",
  lagging: true,
};

async function show(statuses: ChainStatuses) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
      Component: () => <ChainTable statuses={statuses} />,
      HydrateFallback: () => null,
      loader: () => ({ cspNonce: "n", ...testI18n() }),
    },
  ]);
  render(<Stub initialEntries={["/operator/chains"]} />);
  await screen.findByText("opBNB (204)");
}

describe("the console's Chains page", () => {
  it("shows an indexer error with its time: current while it lasts, resolved once a pass completed after it", async () => {
    await show({ lag_threshold_seconds: 120, chains: [chain] });
    expect(screen.getByText("HTTP request failed. (since 2026-11-28T02:00:00.000Z)")).toBeTruthy();
    cleanup();
    await show({ lag_threshold_seconds: 120, chains: [{ ...chain, error_current: false, lagging: false }] });
    expect(screen.getByText("Resolved: HTTP request failed. (at 2026-11-28T02:00:00.000Z)")).toBeTruthy();
    expect(screen.queryByText(/since 2026/)).toBeNull();
  });
});
