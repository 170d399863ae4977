import type { AuditEntry } from "@arcana/protocol";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../../test/fixtures";
import { AuditTable } from "./audit-table";

afterEach(cleanup);

const entry: AuditEntry = {
  id: 1,
  actor: "ops@example.com",
  action: "member.adjust_points",
  subject: "42",
  before: { pts: 100 },
  after: { pts: 140 },
  reason: "Bonus for the launch event",
  created_at: "2026-11-28T02:00:00.000Z",
};

describe("the console's audit log", () => {
  it("marks its data cells translate=no and leaves the header and the operator's reason translatable", async () => {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "*",
        Component: () => <AuditTable entries={[entry]} />,
        HydrateFallback: () => null,
        loader: () => ({ cspNonce: "n", ...testI18n() }),
      },
    ]);
    render(<Stub initialEntries={["/operator/audit"]} />);
    const data = ["ops@example.com", "member.adjust_points", "42", '{"pts":100}', '{"pts":140}'];
    for (const text of data) {
      const cell = (await screen.findByText(text)).closest("td");
      expect(cell?.getAttribute("translate"), text).toBe("no");
    }
    expect(screen.getByText("Bonus for the launch event").closest("[translate]")).toBeNull();
    expect(screen.getByRole("table").closest("[translate]")).toBeNull();
    for (const header of screen.getAllByRole("columnheader")) expect(header.closest("[translate]")).toBeNull();
  });
});
