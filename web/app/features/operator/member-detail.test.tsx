import type { OperatorLedgerPage, OperatorMember } from "@arcana/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { WithMessages } from "../../test/with-messages";
import { MemberDetail } from "./member-detail";

const detail: OperatorMember = {
  member: {
    uid: "7d9f3a52-3c1e-4a8e-9d4e-0f3b2a1c5e6d",
    email: "ada@example.com",
    pts: 12345,
    wallet_address: null,
    solana_address: null,
    created_at: "2026-11-01T00:00:00.000Z",
  },
  on_allowlist: false,
  passes: [],
};

const ledger: OperatorLedgerPage = {
  items: [
    {
      id: 2,
      kind: "grant",
      amount: 12345,
      label: "Bonus from the team",
      reason: "AMA",
      created_at: "2026-11-02T00:00:00.000Z",
    },
    {
      id: 1,
      kind: "check_in",
      amount: 10,
      label: "Daily check-in (day 1 streak)",
      reason: null,
      created_at: "2026-11-01T00:00:00.000Z",
    },
  ],
  next_cursor: null,
};

afterEach(cleanup);

describe("the operator's member ledger", () => {
  it("names each entry by its kind in the console's language and groups amounts", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WithMessages language="ja">
          <MemberDetail detail={detail} ledger={ledger} />
        </WithMessages>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole("table");
    expect(table.textContent).toContain("+12,345");
    expect(table.textContent).not.toContain("Daily check-in (day 1 streak)");
    expect(table.textContent).not.toContain("Bonus from the team");
  });
});
