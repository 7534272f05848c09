import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import type { MonthUsage } from '../../../common/schemas/statistics.js';
import { DOWNLOADS_COLOUR, monthName, VIEWS_COLOUR } from './figures.js';

// Only the parts a bar chart uses, so the admin chunk carries no more of chart.js than it draws.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

function configOf(months: MonthUsage[]): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: months.map((month) => monthName(month.month)),
      datasets: [
        { label: 'Views', data: months.map((month) => month.views), backgroundColor: VIEWS_COLOUR },
        { label: 'Downloads', data: months.map((month) => month.downloads), backgroundColor: DOWNLOADS_COLOUR },
      ],
    },
    options: {
      // Drawn at once: nothing moves for readers who asked for less motion, and the figures show without delay.
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      plugins: { legend: { position: 'bottom' } },
    },
  };
}

/** Views and downloads per month as bars; the table beside it carries the same figures for screen readers. */
export function UsageChart({ months }: { months: MonthUsage[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const chart = new Chart(canvas.current!, configOf(months));
    return () => chart.destroy();
  }, [months]);

  return (
    <div className="usage-chart">
      <canvas
        ref={canvas}
        role="img"
        aria-label="Bar chart of views and downloads per month; the table below gives the figures"
      />
    </div>
  );
}
