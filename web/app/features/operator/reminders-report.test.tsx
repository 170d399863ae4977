import type { Language, OperatorReminders } from "@arcana/protocol";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../../test/fixtures";
import { RemindersReport } from "./reminders-report";

/** Renders the report under a root that sends `language`'s messages, as the console's loaders do. */
async function show(reminders: OperatorReminders, language: Language = "en") {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
      Component: () => <RemindersReport reminders={reminders} />,
      HydrateFallback: () => null,
      loader: () => ({ cspNonce: "n", ...testI18n(language) }),
    },
  ]);
  render(<Stub initialEntries={["/operator/reminders"]} />);
  await screen.findAllByText(/.+/);
}

const quiet = (date: string) => ({ date, sent: 0, checked_in_within_6h: 0, unsubscribes: 0 });
const days = Array.from({ length: 30 }, (_, i) => quiet(`2026-11-${String(i + 1).padStart(2, "0")}`));
const figures: OperatorReminders = {
  enabled: true,
  days: days.map((day) =>
    day.date === "2026-11-20"
      ? { ...day, sent: 1200, checked_in_within_6h: 300, unsubscribes: 2 }
      : day.date === "2026-11-22"
        ? { ...day, unsubscribes: 1 }
        : day,
  ),
  total: { sent: 1200, checked_in_within_6h: 300, unsubscribes: 3 },
  undeliverable: 4,
};

afterEach(cleanup);

describe("RemindersReport", () => {
  it("lists the days with figures, newest first, then the 30 days' total, and says opening is not tracked", async () => {
    await show(figures);
    const table = await screen.findByRole("table", { name: "Reminders per GMT day" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["2026-11-22", "0", "0", "1"],
      ["2026-11-20", "1,200", "300 (25%)", "2"],
      ["Last 30 days", "1,200", "300 (25%)", "3"],
    ]);
    expect(screen.getByText(/Opening is not tracked/)).toBeTruthy();
    expect(screen.getByText(/4 addresses are undeliverable now/)).toBeTruthy();
  });

  it("formats numbers and shares in the page's language", async () => {
    await show(figures, "tr");
    const table = await screen.findByRole("table", { name: "GMT gününe göre hatırlatmalar" });
    expect(within(table).getAllByText("300 (%25)")).toHaveLength(2);
    expect(within(table).getAllByText("1.200")).toHaveLength(2);
  });

  it("shows an empty state when nothing was sent yet, and another when reminders are off site-wide", async () => {
    const nothing = {
      enabled: true,
      days,
      total: { sent: 0, checked_in_within_6h: 0, unsubscribes: 0 },
      undeliverable: 0,
    };
    await show(nothing);
    expect(await screen.findByText("No reminder sent yet")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    cleanup();
    await show({ ...nothing, enabled: false });
    expect(await screen.findByText("Reminders are off site-wide")).toBeTruthy();
    expect(screen.getByText(/Opening is not tracked/)).toBeTruthy();
  });
});
