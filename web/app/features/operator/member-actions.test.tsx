import type { OperatorMember } from "@arcana/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WithMessages } from "../../test/with-messages";
import { MemberActions } from "./member-actions";

const detail: OperatorMember = {
  member: {
    uid: "7d9f3a52-3c1e-4a8e-9d4e-0f3b2a1c5e6d",
    email: "ada@example.com",
    pts: 40,
    wallet_address: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    solana_address: null,
    created_at: "2026-11-01T00:00:00.000Z",
  },
  on_allowlist: false,
  passes: [],
};

function serve(answer: (body: Record<string, unknown>) => Response) {
  const calls: Array<{ call: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ call: `${init?.method} ${url}`, body });
      return answer(body);
    }),
  );
  return calls;
}

function renderActions() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WithMessages>
        <MemberActions detail={detail} />
      </WithMessages>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function reviewGrant(amount: string, reason: string) {
  fireEvent.change(await screen.findByLabelText("Points"), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText("Reason"), { target: { value: reason } });
  fireEvent.click(screen.getByRole("button", { name: "Review" }));
}

describe("an operator's actions on a member", () => {
  it("asks for confirmation, then grants through the API with the reason", async () => {
    const calls = serve(() => Response.json({ data: { member: { ...detail.member, pts: 140 }, audit_id: 7 } }));
    renderActions();
    await reviewGrant("100", "AMA winner");
    const dialog = await screen.findByRole("dialog", { name: "Grant points" });
    expect(dialog.textContent).toContain("Grant 100 points to ada@example.com? Reason: “AMA winner”.");
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Grant 100 points" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls[0]).toEqual({
      call: `POST /api/operator/members/${detail.member.uid}/points`,
      body: { direction: "grant", amount: 100, reason: "AMA winner" },
    });
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    serve(() =>
      Response.json(
        { error: { code: "insufficient_points", message: "This needs 500 points and you have 40." } },
        { status: 409 },
      ),
    );
    renderActions();
    fireEvent.change(await screen.findByRole("combobox"), { target: { value: "deduct" } });
    await reviewGrant("500", "duplicate account");
    fireEvent.click(await screen.findByRole("button", { name: "Deduct 500 points" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This needs 500 points and you have 40.");
    expect(screen.getByRole("dialog", { name: "Deduct points" })).toBeTruthy();
  });

  it("asks for a whole amount and a reason before anything is confirmed", async () => {
    const calls = serve(() => Response.json({}));
    renderActions();
    await reviewGrant("1.5", "x");
    expect((await screen.findByRole("alert")).textContent).toContain("whole number");
    await reviewGrant("10", "   ");
    expect((await screen.findByRole("alert")).textContent).toContain("Give a reason");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("confirms unbinding the wallet and adding to the allowlist, each through its own call", async () => {
    const calls = serve(() => Response.json({ data: { member: detail.member, audit_id: 1 } }));
    renderActions();
    fireEvent.click(await screen.findByRole("button", { name: "Unbind EVM wallet" }));
    fireEvent.click(await screen.findByRole("button", { name: "Unbind wallet" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Add to mint allowlist" }));
    fireEvent.click(await screen.findByRole("button", { name: "Add to allowlist" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((entry) => [entry.call, entry.body])).toEqual([
      [`POST /api/operator/members/${detail.member.uid}/unbind`, { kind: "evm" }],
      [`POST /api/operator/members/${detail.member.uid}/allowlist`, {}],
    ]);
  });
});
