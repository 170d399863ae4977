import type { Language, TasksResult } from "@arcana/protocol";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testMember } from "../../test/fixtures";
import { renderAsRoot, testRootData } from "../../test/render-root";
import { useToastStore } from "../../ui/toast-store";
import { TasksList } from "./tasks-list";

const member = testMember({ pts: 0 });

function serve(answer: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === "/api/users/mine") return Response.json({ data: member });
      if (url === "/api/tasks/consume") return answer();
      return Response.json({ error: { code: "not_found", message: "no" } }, { status: 404 });
    }),
  );
}

function renderTasks(language: Language = "en") {
  renderAsRoot(TasksList, () => testRootData(member, { language }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const answer: TasksResult = {
  tasks: [
    {
      id: "bind_wallet",
      title: "Bind a wallet",
      points: 20,
      state: "rewarded",
      progress: { current: 1, target: 1 },
      conditions: ["wallet_bound"],
      verified_by: "the wallet bound to your account",
    },
    {
      id: "streak_7",
      title: "Check in 7 days in a row",
      points: 70,
      state: "open",
      progress: { current: 3, target: 7 },
      conditions: ["check_in_streak"],
      verified_by: "your bound wallet's check-ins, counted by GMT day",
    },
  ],
  granted: [{ id: "bind_wallet", points: 20 }],
  pts: 20,
};

describe("the tasks list", () => {
  it("shows each task's reward, progress and how the server knows, and announces what just landed", async () => {
    serve(() => Response.json({ data: answer }));
    renderTasks();
    const streak = await screen.findByTestId("task-streak_7");
    expect(streak.textContent).toContain("+70");
    expect(streak.textContent).toContain("3 of 7");
    expect(streak.textContent).toContain("counted by GMT day");
    expect(screen.getByRole("progressbar", { name: "Check in 7 days in a row" }).getAttribute("value")).toBe("3");
    expect(screen.getByTestId("task-bind_wallet").getAttribute("data-state")).toBe("rewarded");
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      "Task complete: Bind a wallet. +20 pts.",
    ]);
  });

  it("says how the server knows from the reader's catalog, not the server's English", async () => {
    serve(() => Response.json({ data: answer }));
    renderTasks("ja");
    const streak = await screen.findByTestId("task-streak_7");
    expect(streak.textContent).toContain("最長連続チェックイン");
    expect(streak.textContent).not.toContain("counted by GMT day");
    expect(screen.getByTestId("task-bind_wallet").textContent).toContain("EVM ウォレット");
  });

  it("says so when there are no tasks, and offers a retry when they cannot be loaded", async () => {
    serve(() => Response.json({ data: { tasks: [], granted: [], pts: 0 } }));
    renderTasks();
    expect(await screen.findByText(/No tasks right now/)).toBeTruthy();
    cleanup();
    serve(() => Response.json({ error: { code: "dependency_unavailable", message: "Back soon." } }, { status: 503 }));
    renderTasks();
    expect(await screen.findByText("Back soon.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
