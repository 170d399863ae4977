import type { KolSummary, Language, ReferralSummary, UseReferralResult } from "@arcana/protocol";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useModalStore } from "../../shell/modals/modal-store";
import { testMember } from "../../test/fixtures";
import { renderAsRoot, testRootData } from "../../test/render-root";
import InvitesPanel from "./invites-panel";
import { InvitesSuccessPanel } from "./invites-success-panel";
import { rememberReferralCode } from "./pending-referral";
import { ReferralCapture } from "./referral-capture";

const member = testMember({ pts: 40 });

function summary(overrides: Partial<ReferralSummary> = {}): ReferralSummary {
  return {
    code: "K7QX2M",
    share_url: "http://localhost:3000/?ref=K7QX2M",
    used_code: null,
    invitees: 2,
    qualified: 1,
    pending_points: 50,
    claimed_points: 0,
    window_ends_at: "2026-11-29T12:00:00.000Z",
    recent: [
      { joined_on: "2026-11-22", state: "qualified", reason: null, waiting_for: null, refusal: null },
      {
        joined_on: "2026-11-21",
        state: "refused",
        reason: "This wallet already qualified an invite.",
        waiting_for: null,
        refusal: "wallet_already_qualified",
      },
      {
        joined_on: "2026-11-20",
        state: "pending",
        reason: "Has not checked in on chain yet.",
        waiting_for: "first_check_in",
        refusal: null,
      },
    ],
    ...overrides,
  };
}

const applied: UseReferralResult = {
  code: "FRIEND1",
  kol: false,
  invitee_points: 20,
  state: "pending",
  qualify_on: "wallet_bound",
  reason: "Bind a wallet to receive your points.",
  refusal: null,
  pts: 40,
};

let requests: Array<{ url: string; method: string; body: unknown }>;
let answers: Record<string, () => Response>;

function serve(overrides: Record<string, () => Response> = {}) {
  requests = [];
  answers = {
    "GET /api/users/mine": () => Response.json({ data: member }),
    "GET /api/refer_code": () => Response.json({ data: summary() }),
    "GET /api/refer_code/kol": () => Response.json({ data: { is_kol: false, codes: [] } satisfies KolSummary }),
    "POST /api/refer_code/claim": () => Response.json({ data: { claimed: 50, pts: 90 } }),
    "POST /api/refer_code/use": () => Response.json({ data: applied }),
    ...overrides,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = answers[`${method} ${url}`];
      return answer ? answer() : Response.json({ error: { code: "not_found", message: "no" } }, { status: 404 });
    }),
  );
}

function renderWith(node: () => ReactNode, path = "/", language: Language = "en") {
  renderAsRoot(node, () => testRootData(member, { language }), path);
}

beforeEach(() => {
  localStorage.clear();
  useModalStore.setState({ invites: false, invitesSuccess: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the invites window", () => {
  it("shows the code, the share link, the counts and why an invite did not count", async () => {
    serve();
    renderWith(InvitesPanel);
    expect((await screen.findByTestId("invite-code")).textContent).toContain("K7QX2M");
    expect(screen.getByTestId("invite-link").textContent).toContain("http://localhost:3000/?ref=K7QX2M");
    expect(screen.getByTestId("invites-count").textContent).toContain("2");
    expect(screen.getByTestId("invites-qualified").textContent).toContain("1");
    expect(screen.getByText("This wallet already qualified an invite.")).toBeTruthy();
    expect(screen.getByText("Has not checked in on chain yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy invite code" })).toBeTruthy();
  });

  it("says what a pending invitee has left and why an invite did not count in the reader's language", async () => {
    serve();
    renderWith(InvitesPanel, "/", "ja");
    const list = await screen.findByTestId("invitee-list");
    expect(list.textContent).toContain("まだチェーン上でチェックインしていません。");
    expect(list.textContent).toContain("このウォレットはすでに招待の条件を満たしています。");
    expect(list.textContent).not.toContain("Has not");
  });

  it("claims the qualified rewards once and says how many points landed", async () => {
    serve();
    renderWith(InvitesPanel);
    fireEvent.click(await screen.findByRole("button", { name: "Claim 50 pts" }));
    await waitFor(() => expect(requests.filter((r) => r.url === "/api/refer_code/claim")).toHaveLength(1));
  });

  it("has nothing to claim and an empty-state sentence for a member nobody has invited yet", async () => {
    serve({
      "GET /api/refer_code": () =>
        Response.json({ data: summary({ invitees: 0, qualified: 0, pending_points: 0, recent: [] }) }),
    });
    renderWith(InvitesPanel);
    expect(await screen.findByText(/No one has used your code yet/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Nothing to claim yet" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("applies a friend's code, refuses a malformed one in place, and shows the server's refusal", async () => {
    serve({
      "POST /api/refer_code/use": () =>
        Response.json(
          { error: { code: "own_code", message: "That is your own code: share it instead." } },
          { status: 409 },
        ),
    });
    renderWith(InvitesPanel);
    const field = await screen.findByLabelText("Friend's invite code");
    fireEvent.change(field, { target: { value: "no!" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply code" }));
    expect(await screen.findByText(/Codes are 4 to 32 letters/)).toBeTruthy();
    expect(requests.some((r) => r.url === "/api/refer_code/use")).toBe(false);

    fireEvent.change(field, { target: { value: "k7qx2m" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply code" }));
    expect(await screen.findByText("That is your own code: share it instead.")).toBeTruthy();
    expect(requests.find((r) => r.url === "/api/refer_code/use")?.body).toEqual({ code: "K7QX2M" });
  });

  it("shows a KOL's codes with their per-day figures", async () => {
    serve({
      "GET /api/refer_code/kol": () =>
        Response.json({
          data: {
            is_kol: true,
            codes: [
              {
                code: "MOONCLUB",
                inviter_points: 100,
                invitee_points: 30,
                uses: 3,
                qualified: 2,
                pending_points: 200,
                claimed_points: 0,
                disabled: false,
                daily: [{ date: "2026-11-22", uses: 3, qualified: 2 }],
              },
            ],
          } satisfies KolSummary,
        }),
    });
    renderWith(InvitesPanel);
    const kol = await screen.findByTestId("kol-codes");
    expect(kol.textContent).toContain("MOONCLUB");
    expect(kol.textContent).toContain("Nov 22, 2026");
    expect(kol.textContent).toContain("3 uses · 2 qualified");
    expect((screen.getByRole("button", { name: "Claim 200 pts" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says what went wrong, with a retry, when the invites cannot be loaded", async () => {
    serve({
      "GET /api/refer_code": () =>
        Response.json({ error: { code: "dependency_unavailable", message: "Try again soon." } }, { status: 503 }),
    });
    renderWith(InvitesPanel);
    expect(await screen.findByText("Try again soon.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("a share link's code", () => {
  it("is applied, once the signed-in member confirms it, and opens the invites-success window", async () => {
    serve();
    renderWith(
      () => (
        <>
          <ReferralCapture />
          {useModalStore((state) => state.invitesSuccess) && <InvitesSuccessPanel />}
        </>
      ),
      "/?ref=friend1",
    );
    fireEvent.click(await screen.findByRole("button", { name: "Use FRIEND1" }));
    expect((await screen.findByTestId("invites-success")).textContent).toContain("FRIEND1");
    expect(screen.getByTestId("invites-success").textContent).toContain("You receive 20 pts once you bind a wallet.");
    expect(requests.filter((r) => r.url === "/api/refer_code/use").map((r) => r.body)).toEqual([{ code: "FRIEND1" }]);
    expect(localStorage.length).toBe(0);
  });

  it("is dropped, with a message, when the server refuses it", async () => {
    serve({
      "POST /api/refer_code/use": () =>
        Response.json({ error: { code: "referral_window_closed", message: "Too late." } }, { status: 409 }),
    });
    rememberReferralCode("LATECODE");
    renderWith(() => <ReferralCapture />);
    await waitFor(() => expect(requests.some((r) => r.url === "/api/refer_code/use")).toBe(true));
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(useModalStore.getState().invitesSuccess).toBe(false);
  });

  it("finding 9: a link never replaces a remembered code silently; the member is asked, and confirming uses the link's", async () => {
    serve();
    rememberReferralCode("MINE1");
    renderWith(
      () => (
        <>
          <ReferralCapture />
          {useModalStore((state) => state.invitesSuccess) && <InvitesSuccessPanel />}
        </>
      ),
      "/?ref=other2",
    );
    const dialog = await screen.findByRole("dialog", { name: "Use invite code OTHER2 from this link?" });
    expect(dialog.textContent).toContain("MINE1");
    // Until the member chooses, the remembered code stays and nothing is applied.
    expect(localStorage.getItem("arcana.pendingReferralCode")).toBe("MINE1");
    expect(requests.some((r) => r.url === "/api/refer_code/use")).toBe(false);
    expect(screen.getByRole("button", { name: "Keep MINE1" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use OTHER2" }));
    await screen.findByTestId("invites-success");
    expect(requests.filter((r) => r.url === "/api/refer_code/use").map((r) => r.body)).toEqual([{ code: "OTHER2" }]);
    expect(localStorage.length).toBe(0);
  });

  it("finding 9: keeping the remembered code applies it, not the link's", async () => {
    serve();
    rememberReferralCode("MINE1");
    renderWith(() => <ReferralCapture />, "/?ref=other2");
    fireEvent.click(await screen.findByRole("button", { name: "Keep MINE1" }));
    await waitFor(() =>
      expect(requests.filter((r) => r.url === "/api/refer_code/use").map((r) => r.body)).toEqual([{ code: "MINE1" }]),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
