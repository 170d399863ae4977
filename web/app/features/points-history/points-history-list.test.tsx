import type { AssetsPage, LedgerEntry } from "@arcana/protocol";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testMember } from "../../test/fixtures";
import { renderAsRoot, testRootData } from "../../test/render-root";
import { PointsHistoryList } from "./points-history-list";

const member = testMember({ pts: 20 });

function entry(id: number, label: string, amount = 10): LedgerEntry {
  return { id, kind: "check_in", amount, label, reference: `r${id}`, created_at: "2026-11-22T12:00:00.000Z" };
}

/** Two pages of history: the first points at the second with its cursor. */
const pages: Record<string, AssetsPage> = {
  "/api/assets?per_page=100": { items: [entry(3, "Daily check-in (day 2 streak)")], next_cursor: "c2" },
  "/api/assets?per_page=100&cursor=c2": { items: [entry(1, "Tarot reading recorded on Localhost")], next_cursor: null },
};

let requested: string[];
function serve(answers: Record<string, AssetsPage>) {
  requested = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requested.push(url);
      if (url === "/api/users/mine") return Response.json({ data: member });
      const page = answers[url];
      return page
        ? Response.json({ data: page })
        : Response.json({ error: { code: "not_found", message: "no" } }, { status: 404 });
    }),
  );
}

/** Stands in for the browser's IntersectionObserver; `intersect()` scrolls the list's end into view. */
class FakeIntersectionObserver implements IntersectionObserver {
  static latest: FakeIntersectionObserver | null = null;
  readonly root = null;
  readonly rootMargin = "0px";
  readonly thresholds = [0];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.latest = this;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  intersect() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this);
  }
}

function renderList() {
  renderAsRoot(PointsHistoryList, () => testRootData(member, { config: { chains: [] } }));
}

describe("the rewards history list", () => {
  beforeEach(() => serve(pages));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("loads the next 100 when the end of the list scrolls into view", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    renderList();
    expect(await screen.findByText("Daily check-in (day 2 streak)")).toBeTruthy();
    expect(screen.getByText("+10 pts")).toBeTruthy();
    act(() => FakeIntersectionObserver.latest?.intersect());
    expect(await screen.findByText("Tarot reading recorded on Localhost")).toBeTruthy();
    expect(requested).toContain("/api/assets?per_page=100&cursor=c2");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText("That is your whole history.")).toBeTruthy();
  });

  it("offers Load more where the browser cannot watch scrolling", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    renderList();
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Tarot reading recorded on Localhost")).toBeTruthy();
  });

  it("says there are no rewards yet for a new member", async () => {
    serve({ "/api/assets?per_page=100": { items: [], next_cursor: null } });
    renderList();
    expect(await screen.findByText("No rewards yet")).toBeTruthy();
  });
});
