import type { OperatorInvites } from "@arcana/protocol";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { WithMessages } from "../../test/with-messages";
import { InvitesReport } from "./invites-report";

afterEach(cleanup);

const invites: OperatorInvites = {
  funnel: { used: 4, bound_wallet: 3, qualified: 2, claimed: 1 },
  codes: [
    {
      code: "STARS",
      kind: "kol",
      owner_email: "kol@example.com",
      disabled: false,
      uses: 3,
      qualified: 2,
      pending: 0,
      refused: 1,
      refused_reasons: [{ reason: "This wallet already qualified an invite.", count: 1 }],
      points_paid: 230,
    },
    {
      code: "ABCD2345",
      kind: "member",
      owner_email: "member@example.com",
      disabled: false,
      uses: 1,
      qualified: 0,
      pending: 1,
      refused: 0,
      refused_reasons: [],
      points_paid: 0,
    },
  ],
  code_limit: 200,
};

describe("the invites report", () => {
  it("shows each funnel step with its share of the uses, and the codes KOL first with refusal reasons", () => {
    render(
      <WithMessages>
        <InvitesReport invites={invites} />
      </WithMessages>,
    );
    const funnel = screen.getAllByRole("listitem").filter((item) => item.closest("ol"));
    expect(funnel.map((item) => item.textContent)).toEqual([
      "Used a code4 (100%)",
      "Bound a wallet3 (75%)",
      "Qualified2 (50%)",
      "Claimed by the inviter1 (25%)",
    ]);
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["STARS KOL", "ABCD2345 "]);
    expect(rows[0]?.textContent).toContain("1 × This wallet already qualified an invite.");
    expect(rows[0]?.textContent).toContain("230");
  });

  it("speaks the page's language: the funnel and the table's headings in Chinese", () => {
    render(
      <WithMessages language="zh-CN">
        <InvitesReport invites={invites} />
      </WithMessages>,
    );
    expect(screen.getByRole("heading", { name: "转化漏斗" })).toBeTruthy();
    expect(screen.getAllByRole("listitem")[0]?.textContent).toBe("使用了邀请码4 (100%)");
    expect(screen.getByRole("columnheader", { name: "拒绝原因" })).toBeTruthy();
  });

  it("says so when nobody has used a code", () => {
    render(
      <WithMessages>
        <InvitesReport
          invites={{ funnel: { used: 0, bound_wallet: 0, qualified: 0, claimed: 0 }, codes: [], code_limit: 200 }}
        />
      </WithMessages>,
    );
    expect(screen.getByRole("heading", { name: "Nobody has used an invite code yet" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
