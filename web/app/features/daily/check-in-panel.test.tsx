import type { CheckInStatus, Language } from "@arcana/protocol";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testChain, testMember } from "../../test/fixtures";
import { renderAsRoot, testRootData } from "../../test/render-root";
import { disconnectedEvm } from "../../wallet-runtime/wallet-store";
import CheckInPanel from "./check-in-panel";

const member = testMember({ pts: 25, wallet_address: "0x00000000000000000000000000000000000000aa" });

const localChain = testChain({
  name: "Localhost",
  contracts: { genesis_pass: null, daily: "0x00000000000000000000000000000000000000dd", forwarder: null },
});

function serve(checkIn: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === "/api/users/mine") return Response.json({ data: member });
      if (url === "/api/blockchain/check_in") return checkIn();
      return Response.json({ error: { code: "not_found", message: "no" } }, { status: 404 });
    }),
  );
}

function renderPanel(language: Language = "en") {
  renderAsRoot(CheckInPanel, () =>
    testRootData(member, {
      language,
      config: { chains: [localChain], default_chain_id: 31337 },
      evmWallet: disconnectedEvm,
    }),
  );
}

describe("the check-in modal", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T18:00:00.000Z"));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the week with today highlighted, the streak, tomorrow's reward and the time to 00:00 GMT", async () => {
    const status: CheckInStatus = {
      current_streak: 2,
      today_checked: true,
      dates: ["16", "17", "18", "19", "20", "21", "22"].map((day) => ({
        date: `2026-11-${day}`,
        checked: day === "21" || day === "22",
      })),
      next_reward_points: 15,
    };
    serve(() => Response.json({ data: status }));
    renderPanel();
    const week = await screen.findByRole("list", { name: "Your last 7 GMT days" });
    const today = within(week).getByText("Today").closest("li");
    expect(today?.getAttribute("aria-current")).toBe("date");
    expect(today?.textContent).toContain("Sunday, November 22, 2026: checked in");
    expect(screen.getByTestId("check-in-streak").textContent).toBe("2 days");
    expect(screen.getByText("Tomorrow's reward")).toBeTruthy();
    expect(screen.getByTestId("check-in-next-reward").textContent).toBe("+15 pts");
    expect(screen.getByTestId("gmt-countdown").textContent).toBe("06:00:00");
    expect(screen.getByRole("button", { name: "Connect your wallet to check in" })).toBeTruthy();
  });

  it("speaks the page's language: the week, the streak's days and the reward in Japanese", async () => {
    const status: CheckInStatus = {
      current_streak: 1,
      today_checked: false,
      dates: ["16", "17", "18", "19", "20", "21", "22"].map((day) => ({
        date: `2026-11-${day}`,
        checked: day === "21",
      })),
      next_reward_points: 1250,
    };
    serve(() => Response.json({ data: status }));
    renderPanel("ja");
    const week = await screen.findByRole("list", { name: "直近 7 日間（GMT）" });
    expect(within(week).getByText("今日").closest("li")?.textContent).toContain("2026年11月22日日曜日: 未チェックイン");
    expect(within(week).getByText("月")).toBeTruthy();
    expect(screen.getByTestId("check-in-streak").textContent).toBe("1 日");
    expect(screen.getByText("今日の報酬")).toBeTruthy();
    expect(screen.getByTestId("check-in-next-reward").textContent).toBe("+1,250 ポイント");
  });

  it("shows an empty state, not an error, when the week cannot be loaded", async () => {
    serve(() => Response.json({ error: { code: "service_unavailable", message: "down" } }, { status: 503 }));
    renderPanel();
    expect(await screen.findByText("Your check-in week is not available right now.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
