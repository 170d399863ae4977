import type { DailySeries } from "@arcana/protocol";
import { useEffect, useRef } from "react";
import { useT } from "../../i18n/use-t";
import { TableRegion } from "../../ui/table-region";
import styles from "./operator.module.css";

/** One colour per series, in order; readable on the night background. */
export const seriesColors = ["#e8c378", "#9d8cff", "#8fe3bd", "#ff9aa8", "#7cc7ff", "#f6a96b", "#d59cff", "#c9d46a"];

export interface DailyChartProps {
  title: string;
  /** The GMT days (`YYYY-MM-DD`), oldest first. */
  dates: string[];
  series: DailySeries[];
}

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/**
 * A daily line chart. The server renders the caption, the legend and the numbers as a table; the
 * browser draws the lines with uPlot once it has loaded (the drawing is hidden from screen readers,
 * which read the table).
 */
export function DailyChart({ title, dates, series }: DailyChartProps) {
  const t = useT();
  const plotRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = plotRef.current;
    if (!target) return;
    let disposed = false;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    // uPlot comes with this page's chunk only after hydration: the server and other pages never load it.
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      if (disposed) return;
      const size = () => ({ width: Math.max(200, target.clientWidth), height: 220 });
      const axis = { stroke: "#b7b0dc", grid: { stroke: "rgb(183 176 220 / 0.12)" }, ticks: { show: false } };
      plot = new UPlot(
        {
          ...size(),
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [axis, { ...axis, size: 50 }],
          series: [
            {},
            ...series.map((line, index) => ({
              label: line.label,
              stroke: seriesColors[index % seriesColors.length],
              width: 2,
            })),
          ],
        },
        [dates.map(dayStart), ...series.map((line) => line.values)],
        target,
      );
      target.dataset.drawn = "true";
      observer = new ResizeObserver(() => plot?.setSize(size()));
      observer.observe(target);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      plot?.destroy();
      delete target.dataset.drawn;
    };
  }, [dates, series]);

  return (
    <figure className={styles.chart}>
      <figcaption>{title}</figcaption>
      <ul className={styles.legend}>
        {series.map((line, index) => (
          <li key={line.key}>
            <span
              className={styles.swatch}
              style={{ background: seriesColors[index % seriesColors.length] }}
              aria-hidden="true"
            />
            {t("operator.chart.total", {
              series: line.label,
              total: line.values.reduce((sum, value) => sum + value, 0),
            })}
          </li>
        ))}
      </ul>
      <div ref={plotRef} className={styles.plot} aria-hidden="true" data-chart={title} />
      <details>
        <summary>{t("operator.chart.tableView")}</summary>
        <TableRegion className={styles.tableWrap} label={t("operator.chart.perDay", { title })}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t("operator.chart.perDay", { title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("operator.chart.day")}</th>
                {series.map((line) => (
                  <th key={line.key} scope="col" className={styles.number}>
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dates.map((date, index) => (
                <tr key={date}>
                  <th scope="row">{date}</th>
                  {series.map((line) => (
                    <td key={line.key} className={styles.number}>
                      {line.values[index] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
    </figure>
  );
}
