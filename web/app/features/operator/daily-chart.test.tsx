import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WithMessages } from "../../test/with-messages";
import { DailyChart } from "./daily-chart";

const drawn: Array<{ series: Array<{ label?: string }>; data: number[][] }> = [];
vi.mock("uplot", () => ({
  default: class FakePlot {
    constructor(options: { series: Array<{ label?: string }> }, data: number[][]) {
      drawn.push({ series: options.series, data });
    }
    setSize() {}
    destroy() {}
  },
}));

afterEach(() => {
  cleanup();
  drawn.length = 0;
});

const dates = ["2026-11-21", "2026-11-22"];
const series = [
  { key: "check_in", label: "Daily check-in", values: [10, 30] },
  { key: "tarot", label: "Tarot", values: [0, 5] },
];

describe("a daily chart", () => {
  it("renders its caption, each series' total and a table of every day before any drawing", () => {
    render(
      <WithMessages>
        <DailyChart title="Points issued" dates={dates} series={series} />
      </WithMessages>,
    );
    const figure = screen.getByRole("figure");
    expect(figure.querySelector("figcaption")?.textContent).toBe("Points issued");
    expect(within(figure).getByText("Daily check-in: 40")).toBeTruthy();
    expect(within(figure).getByText("Tarot: 5")).toBeTruthy();
    const rows = within(figure).getAllByRole("row", { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual(["DayDaily check-inTarot", "2026-11-21100", "2026-11-22305"]);
  });

  it("draws the lines with uPlot in the browser: one per series over the GMT days", async () => {
    const { container } = render(
      <WithMessages>
        <DailyChart title="Points issued" dates={dates} series={series} />
      </WithMessages>,
    );
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]?.data).toEqual([
      [Date.UTC(2026, 10, 21) / 1000, Date.UTC(2026, 10, 22) / 1000],
      [10, 30],
      [0, 5],
    ]);
    expect(drawn[0]?.series.slice(1).map((line) => line.label)).toEqual(["Daily check-in", "Tarot"]);
    await waitFor(() => expect(container.querySelector("[data-drawn='true']")).not.toBeNull());
  });
});
