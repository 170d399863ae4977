import { createHash } from "node:crypto";
import type { Fairness, Language, MarketBox, MyBoxes, OpenedBox, User } from "@arcana/protocol";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testMember } from "../../test/fixtures";
import { renderAsRoot, testRootData } from "../../test/render-root";
import { LootBoxPage } from "./loot-box-page";

type Answer = (body: Record<string, unknown>, headers: Record<string, string>) => Response;
const ok =
  (data: unknown): Answer =>
  () =>
    Response.json({ data });

function serveApi(routes: Record<string, Answer>) {
  const calls: Array<{ call: string; body: Record<string, unknown>; headers: Record<string, string> }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? "GET"} ${url.replace(/^\/api/, "").replace(/\?.*$/, "")}`;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, body, headers });
      const answer = routes[call];
      return answer
        ? answer(body, headers)
        : Response.json({ error: { code: "not_found", message: "Not found." } }, { status: 404 });
    }),
  );
  return calls;
}

function renderPage(user: User | null, language: Language = "en") {
  renderAsRoot(
    LootBoxPage,
    () =>
      testRootData(user, {
        language,
        evmWallet: { status: "disconnected", address: null, chainId: null, connectorName: null },
      }),
    "/loot-box",
  );
}

const odds: MarketBox["odds"] = [
  { reward: { kind: "points", amount: 20 }, weight: 600, probability: 0.6 },
  { reward: { kind: "points", amount: 150 }, weight: 300, probability: 0.3 },
  { reward: { kind: "box", box_id: "sun" }, weight: 90, probability: 0.09 },
  { reward: { kind: "allowlist" }, weight: 10, probability: 0.01 },
];
const moon: MarketBox = {
  id: "moon",
  name: "Moon Box",
  description: "Mostly points.",
  price: 50,
  supply: 1000,
  supply_left: 998,
  per_member_limit: 20,
  odds_version: 1,
  odds,
};
const sun: MarketBox = { ...moon, id: "sun", name: "Sun Box", supply: 5, supply_left: 0, odds: [odds[0] as never] };
const results = (boxId: string) => ({
  box_id: boxId,
  window_days: 90,
  versions: [
    {
      odds_version: 1,
      offered_from: "2026-11-01T00:00:00.000Z",
      rewards: odds.map((entry, index) => ({ ...entry, count: index === 0 ? 3 : 1, share: index === 0 ? 0.5 : 1 / 6 })),
      total: 6,
    },
  ],
});
// The docs/fairness.md worked example: this seed, "moonlight" and nonce 1 give the Sun Box.
const serverSeed = "9f2c4a1d8e7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a29180f1e2d3c4b5a69788796";
const serverSeedHash = createHash("sha256").update(serverSeed).digest("hex");
const opened: OpenedBox = {
  id: "00000000-0000-4000-8000-000000000001",
  box_id: "moon",
  name: "Moon Box",
  odds_version: 1,
  source: "purchase",
  acquired_at: "2026-11-22T12:00:00.000Z",
  opened_at: "2026-11-22T12:01:00.000Z",
  reward: { kind: "box", box_id: "sun" },
  odds,
  proof: { server_seed_hash: serverSeedHash, client_seed: "moonlight", nonce: 1, server_seed: serverSeed },
};
const fairness: Fairness = {
  server_seed_hash: "ab".repeat(32),
  client_seed: "moonlight",
  client_seed_chosen: true,
  next_nonce: 0,
  reveal_at: null,
  revealed: [],
};
const market = {
  "GET /boxes": ok([moon, sun]),
  "GET /boxes/moon/results": ok(results("moon")),
  "GET /boxes/sun/results": ok(results("sun")),
};

describe("the loot-box page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a visitor every box with its odds, observed results and supply, and asks them to sign in to buy", async () => {
    serveApi(market);
    renderPage(null);
    const card = await screen.findByTestId("box-moon");
    await waitFor(() => expect(card.textContent).toContain("50% (3)"));
    expect(card.textContent).toContain("60%");
    expect(card.textContent).toContain("Sun Box");
    expect(card.textContent).toContain("998 of 1,000 left");
    expect(within(card).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth?redirect=%2Floot-box");
    expect(within(screen.getByTestId("box-sun")).getByText("Sold out")).toBeTruthy();
    expect(screen.queryByTestId("owned-boxes")).toBeNull();
  });

  it("shows the market in the page's language (box names come from the API in it)", async () => {
    serveApi(market);
    renderPage(null, "zh-CN");
    const card = await screen.findByTestId("box-moon");
    await waitFor(() => expect(card.textContent).toContain("50%（3）"));
    expect(card.textContent).toContain("剩余 998 / 1,000");
    expect(card.textContent).toContain("150 积分");
    expect(card.textContent).toContain("一个铸造白名单名额");
    expect(within(card).getByRole("columnheader", { name: "概率" })).toBeTruthy();
    expect(within(card).getByRole("link", { name: "登录" }).getAttribute("href")).toBe("/auth?redirect=%2Floot-box");
    expect(within(screen.getByTestId("box-sun")).getByText("已售罄")).toBeTruthy();
  });

  it("confirms the cost and the balance after, then buys with an Idempotency-Key", async () => {
    const member = testMember({ pts: 120 });
    const calls = serveApi({
      ...market,
      "GET /users/mine": ok(member),
      "GET /nft/lootbox": ok({
        unopened: [],
        fairness: { server_seed_hash: fairness.server_seed_hash, client_seed: "moonlight", next_nonce: 0 },
        limits: [{ box_id: "moon", per_member_limit: 20, bought: 0, left: 20 }],
      }),
      "GET /boxes/mine": ok({ unopened: [], opened: [], next_cursor: null } satisfies MyBoxes),
      "GET /boxes/fairness": ok(fairness),
      "POST /boxes/purchase": ok({
        purchase_id: "00000000-0000-4000-8000-0000000000aa",
        box_id: "moon",
        quantity: 2,
        spent: 100,
        pts: 20,
        owned_box_ids: ["00000000-0000-4000-8000-0000000000b1", "00000000-0000-4000-8000-0000000000b2"],
      }),
    });
    renderPage(member);
    const card = await screen.findByTestId("box-moon");
    expect(await screen.findByTestId("no-boxes")).toBeTruthy();
    fireEvent.change(within(card).getByLabelText("Quantity"), { target: { value: "2" } });
    fireEvent.click(within(card).getByRole("button", { name: "Buy for 100 pts" }));
    const dialog = await screen.findByRole("dialog", { name: "Buy 2 × Moon Box?" });
    expect(dialog.textContent).toContain("This costs 100 pts. Your balance after: 20 pts.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm purchase" }));
    await waitFor(() => expect(card.textContent).toContain("Bought 2 × Moon Box for 100 pts"));
    const purchase = calls.find((call) => call.call === "POST /boxes/purchase");
    expect(purchase?.body).toEqual({ box_id: "moon", quantity: 2 });
    expect(purchase?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("picks the client seed in the browser before the first opening, opens, and verifies a revealed opening", async () => {
    const member = testMember({ pts: 0 });
    const owned = { ...opened, reward: undefined, opened_at: undefined, proof: undefined, odds: undefined };
    const calls = serveApi({
      ...market,
      "GET /users/mine": ok(member),
      "GET /nft/lootbox": ok({
        unopened: [{ box_id: "moon", name: "Moon Box", count: 1 }],
        fairness: { server_seed_hash: fairness.server_seed_hash, client_seed: "server-made", next_nonce: 0 },
        limits: [],
      }),
      "GET /boxes/mine": ok({
        unopened: [{ ...owned, id: "00000000-0000-4000-8000-0000000000b1" }],
        opened: [opened],
        next_cursor: null,
      }),
      "GET /boxes/fairness": ok({ ...fairness, client_seed: "server-made", client_seed_chosen: false }),
      "POST /boxes/fairness/rotate": (body) => Response.json({ data: { ...fairness, client_seed: body.client_seed } }),
      "POST /boxes/open": ok({
        owned_box_id: "00000000-0000-4000-8000-0000000000b1",
        box_id: "moon",
        reward: { kind: "points", amount: 150 },
        reward_owned_box_id: null,
        proof: { server_seed_hash: fairness.server_seed_hash, client_seed: "x", nonce: 0 },
        pts: 150,
      }),
    });
    renderPage(member);
    const row = await screen.findByTestId("owned-moon");
    await waitFor(() =>
      expect(within(row).getByRole("button", { name: "Open one" }).hasAttribute("disabled")).toBe(false),
    );
    fireEvent.click(within(row).getByRole("button", { name: "Open one" }));
    await waitFor(() => expect(screen.getByTestId("open-result").textContent).toContain("150 points"));
    const order = calls.filter((call) => call.call.startsWith("POST")).map((call) => call.call);
    expect(order).toEqual(["POST /boxes/fairness/rotate", "POST /boxes/open"]);
    expect(calls.find((call) => call.call === "POST /boxes/fairness/rotate")?.body.client_seed).toMatch(
      /^[0-9a-f]{32}$/,
    );

    const past = await screen.findByTestId("past-opening");
    fireEvent.click(within(past).getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(within(past).getByTestId("verified").textContent).toContain("target 917 of 1000, which is Sun Box"),
    );
  });
});
