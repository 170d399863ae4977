import type { Language, Pass, StakingRewards, User } from "@arcana/protocol";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closedModals, useModalStore } from "../../shell/modals/modal-store";
import { testChain, testConfig, testMember } from "../../test/fixtures";
import { renderAsRoot, testRootData } from "../../test/render-root";
import { useToastStore } from "../../ui/toast-store";
import type { EvmWalletState } from "../../wallet-runtime/wallet-store";
import { GenesisPassSections } from "./genesis-pass-page";

const wallet = "0x1111111111111111111111111111111111111111";
const member = testMember({ pts: 30 });
const bound: User = { ...member, wallet_address: wallet };
const local = testChain({ contracts: { genesis_pass: `0x${"a".repeat(40)}`, daily: null, forwarder: null } });
const stakedPass: Pass = { token_id: 1, chain_id: 31337, stake_info: { staked: true, since: 1_740_830_400 } };

type Answer = (body: Record<string, unknown>) => Response;
const ok =
  (data: unknown): Answer =>
  () =>
    Response.json({ data });

/** The API as each test sets it up; records every call. */
function serveApi(routes: Record<string, Answer>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? "GET"} ${url.replace(/^\/api/, "")}`;
      calls.push(call);
      const answer = routes[call];
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      return answer
        ? answer(body)
        : Response.json({ error: { code: "not_found", message: "Not found." } }, { status: 404 });
    }),
  );
  return calls;
}

function renderPage(user: User | null, evmWallet?: EvmWalletState, language: Language = "en") {
  renderAsRoot(
    GenesisPassSections,
    () =>
      testRootData(user, {
        language,
        evmWallet: evmWallet ?? { status: "disconnected", address: null, chainId: null, connectorName: null },
        config: testConfig({ default_chain_id: 31337, chains: [local] }),
      }),
    "/genesis-pass",
  );
}

const rewards = (pending: number): StakingRewards => ({
  passes: [{ token_id: 1, chain_id: 31337, pending, rate_per_day: 100, since_last_claim: 3600 }],
  total_pending: pending,
  next_point_in_ms: 600_000,
});

describe("the Genesis Pass page", () => {
  beforeEach(() => {
    useModalStore.setState(closedModals);
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks a visitor to sign in and come back here", async () => {
    serveApi({});
    renderPage(null);
    const link = await screen.findByRole("link", { name: "Sign in to mint" });
    expect(link.getAttribute("href")).toBe("/auth?redirect=%2Fgenesis-pass");
    expect(screen.getByRole("heading", { name: "How it works" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Your passes" })).toBeNull();
  });

  it("opens the bind wallet modal for a member without a wallet", async () => {
    serveApi({ "GET /users/mine": ok(member) });
    renderPage(member);
    fireEvent.click(await screen.findByRole("button", { name: "Bind a wallet" }));
    expect(useModalStore.getState().bindWallet).toBe(true);
  });

  it("tells a member who is not on the allowlist, with no Mint button", async () => {
    serveApi({
      "GET /users/mine": ok(bound),
      "GET /whitelist": ok({ isInWhitelist: false }),
      "GET /blockchain/my_nfts": ok([]),
      "GET /nft/staking/rewards": ok({ passes: [], total_pending: 0, next_point_in_ms: null }),
    });
    renderPage(bound);
    expect(await screen.findByText(/your account is not on it yet/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mint Genesis Pass" })).toBeNull();
    expect(await screen.findByText("No passes yet")).toBeTruthy();
  });

  it("shows a staked pass, its rewards and countdown, and claims them all into the balance", async () => {
    let pending = 12;
    const calls = serveApi({
      "GET /users/mine": () => Response.json({ data: { ...bound, pts: pending === 0 ? 42 : 30 } }),
      "GET /whitelist": ok({ isInWhitelist: true }),
      "GET /blockchain/my_nfts": ok([stakedPass]),
      "GET /nft/staking/rewards": () => Response.json({ data: rewards(pending) }),
      "POST /nft/staking/claim_all": () => {
        pending = 0;
        return Response.json({ data: { claimed: 12, pts: 42 } });
      },
    });
    renderPage(bound);

    const card = await screen.findByRole("article", { name: "Genesis Pass #1" });
    expect(card.textContent).toContain("Staked");
    expect(card.textContent).toContain("Local chain");
    expect(card.querySelector("time")?.getAttribute("datetime")).toBe("2025-03-01T12:00:00.000Z");
    expect(screen.getByText("You hold Genesis Pass #1 on Local chain.", { exact: false })).toBeTruthy();

    await waitFor(() => expect(screen.getByTestId("total-pending").textContent).toBe("12 pts"));
    await waitFor(() => expect(screen.getByTestId("next-point").textContent).toMatch(/^\d+:\d\d$/));
    const claimAll = screen.getByRole("button", { name: "Claim all" }) as HTMLButtonElement;
    expect(claimAll.disabled).toBe(false);

    const before = calls.length;
    fireEvent.click(claimAll);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(
        "Claimed 12 pts. Your balance is 42 pts.",
      ),
    );
    await waitFor(() => expect(screen.getByTestId("total-pending").textContent).toBe("0 pts"));
    const after = calls.slice(before);
    expect(after).toContain("POST /nft/staking/claim_all");
    expect(after).toContain("GET /users/mine");
    expect(after).toContain("GET /nft/staking/rewards");
    expect((screen.getByRole("button", { name: "Claim all" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("tells when an early unstake unlocks, in the member's own time", async () => {
    const unlock = "2025-03-02T12:00:00Z";
    serveApi({
      "GET /users/mine": ok(bound),
      "GET /whitelist": ok({ isInWhitelist: true }),
      "GET /blockchain/my_nfts": ok([stakedPass]),
      "GET /nft/staking/rewards": ok(rewards(0)),
      "POST /blockchain/unstake_signature": () =>
        Response.json(
          {
            error: { code: "conflict", message: `Genesis Pass #1 can be unstaked from ${unlock}.`, unlocks_at: unlock },
          },
          { status: 409 },
        ),
    });
    renderPage(bound, { status: "connected", address: wallet, chainId: 31337, connectorName: "Test" });
    const card = await screen.findByRole("article", { name: "Genesis Pass #1" });
    fireEvent.click(await screen.findByRole("button", { name: "Unstake" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      `Genesis Pass #1 can be unstaked from ${new Date(unlock).toLocaleString(undefined, {
        dateStyle: "medium",
        timeStyle: "short",
      })}.`,
    );
    expect(card.contains(alert)).toBe(true);
  });

  it("speaks the page's language: a staked pass and its rewards in Korean", async () => {
    serveApi({
      "GET /users/mine": ok(bound),
      "GET /whitelist": ok({ isInWhitelist: true }),
      "GET /blockchain/my_nfts": ok([stakedPass]),
      "GET /nft/staking/rewards": ok(rewards(12)),
    });
    renderPage(bound, undefined, "ko");
    const card = await screen.findByRole("article", { name: "제네시스 패스 #1" });
    expect(card.textContent).toContain("스테이킹 중");
    expect(screen.getByRole("heading", { name: "내 패스" })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("total-pending").textContent).toBe("12포인트"));
    expect(screen.getByRole("button", { name: "모두 받기" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "제네시스 패스 #1의 포인트 받기" })).toBeTruthy();
    expect(screen.getByTestId("rewards").textContent).toMatch(/하루 100포인트 · 1시간 0\d분째 적립 중/);
  });
});
