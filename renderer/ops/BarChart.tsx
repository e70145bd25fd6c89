/**
 * A bar chart drawn by Chart.js on a canvas (only the parts bar charts need are registered, so the chunk stays
 * small); the canvas is an image with a name, and the same numbers are in the table the caller puts behind it.
 * Chart.js sizes the canvas through the CSSOM, which the page's Content Security Policy allows (no inline styles).
 */
import { useEffect, useRef } from "react";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from "chart.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

/** Colours with at least 3:1 contrast against white, told apart by the legend's text as well. */
export const CHART_COLOURS = ["#1d70b8", "#d4351c", "#00703c", "#4c2c92", "#b58840", "#505a5f"];

export function BarChart({ label, config, rows }: { label: string; config: ChartConfiguration; rows: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
    });
    return () => chart.destroy();
  }, [config]);
  // Horizontal bars: the height grows with the rows, so each label stays readable at 390 px.
  return (
    <div className="ops-chart" style={{ height: `${Math.max(160, 60 + rows * 34)}px` }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
