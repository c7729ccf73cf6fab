import { useEffect, useRef } from "preact/hooks";
import uPlot, { type AlignedData, type Options } from "uplot";
import { html } from "./html.js";

/** One line of a chart: its label, colour, and which y axis it reads against. */
export interface ChartSeries {
  label: string;
  color: string;
  values: (number | null)[];
  /** "left" (default) or "right": a second unit on the same chart. */
  axis?: "left" | "right";
  /** Draws bars instead of a line. */
  bars?: boolean;
}

/** The props of {@link Chart}: x values in unix seconds, and the series over them. */
export interface ChartProps {
  title: string;
  times: number[];
  series: ChartSeries[];
  height?: number;
  /** One point per day: the x axis shows dates only. */
  daily?: boolean;
}

const bars = uPlot.paths.bars?.({ size: [0.6, 40] });

/** A uPlot time chart with a title; it redraws on new data and follows its container's width. */
export function Chart({ title, times, series, height = 220, daily = false }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | undefined>(undefined);
  const shape = series.map((line) => `${line.label}:${line.axis ?? "left"}`).join("|");

  useEffect(() => {
    const element = container.current!;
    const right = series.find((line) => line.axis === "right");
    const options: Options = {
      width: Math.max(240, element.clientWidth),
      height,
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: {
          time: true,
          // Half a day either side, so the first and last day's bars are whole.
          ...(daily
            ? { range: (_: uPlot, min: number, max: number): [number, number] => [min - 43_200, max + 43_200] }
            : {}),
        },
      },
      axes: [
        {
          stroke: "currentColor",
          grid: { stroke: "rgba(128,128,128,0.15)" },
          ...(daily ? { incrs: [86_400], values: (_: uPlot, splits: number[]) => splits.map(dayLabel) } : {}),
        },
        {
          stroke: "currentColor",
          grid: { stroke: "rgba(128,128,128,0.15)" },
          scale: "left",
          size: 60,
          values: compact,
        },
        ...(right
          ? [{ stroke: "currentColor", side: 1, scale: "right", grid: { show: false }, size: 60, values: compact }]
          : []),
      ],
      series: [
        {},
        ...series.map((line) => ({
          label: line.label,
          stroke: line.color,
          fill: line.bars ? `${line.color}99` : undefined,
          width: 2,
          scale: line.axis ?? "left",
          ...(line.bars && bars ? { paths: bars, points: { show: false } } : {}),
        })),
      ],
    };
    plot.current = new uPlot(options, [times, ...series.map((line) => line.values)] as AlignedData, element);
    const resize = new ResizeObserver(() =>
      plot.current?.setSize({ width: Math.max(240, element.clientWidth), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
      plot.current = undefined;
    };
  }, [shape, height, daily]);

  useEffect(() => {
    plot.current?.setData([times, ...series.map((line) => line.values)] as AlignedData);
  }, [times, series]);

  return html`<figure class="chart">
    <figcaption>${title}</figcaption>
    <div ref=${container} class="chart-plot" role="img" aria-label=${title}></div>
  </figure>`;
}

/** Axis numbers in short form: 1500 -> 1.5k, 2000000 -> 2M. */
function compact(_: uPlot, splits: number[]): string[] {
  return splits.map((value) =>
    Math.abs(value) >= 1e6
      ? `${+(value / 1e6).toFixed(1)}M`
      : Math.abs(value) >= 1e3
        ? `${+(value / 1e3).toFixed(1)}k`
        : `${value}`,
  );
}

function dayLabel(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString(undefined, { month: "short", day: "numeric" });
}
