import { formatMoney } from "~/lib/money";

export interface ChartPoint {
  key: string;
  cents: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '2026-11-05' → 'Nov 5'; '2026-11' → 'Nov 2026'. Keys are the shop's (Warsaw) calendar days, read as text, so no time zone shifts them. */
export function chartLabel(key: string): string {
  const [y, m, d] = key.split("-").map(Number);
  return d ? `${MONTHS[m - 1]} ${d}` : `${MONTHS[m - 1]} ${y}`;
}

/** The short axis label: 'Nov 5' for a day, 'Nov' for a month (the year is in the summary and the table). */
function axisLabel(key: string): string {
  const [, m, d] = key.split("-").map(Number);
  return d ? `${MONTHS[m - 1]} ${d}` : MONTHS[m - 1]!;
}

const W = 480;
const H = 180;
const PAD_LEFT = 4;
const PAD_RIGHT = 4;
const PAD_BOTTOM = 22;
const PAD_TOP = 16;

/**
 * A bar chart drawn on the server as SVG, so it shows without JavaScript. The SVG is one
 * image for assistive technology (role="img" with a title and a summary); the exact figures
 * are in a table under it, which a screen reader and a curious owner can both read.
 */
export function RevenueChart({ id, title, points, labelEvery }: { id: string; title: string; points: ChartPoint[]; labelEvery: number }) {
  const max = Math.max(...points.map((p) => p.cents), 0);
  const total = points.reduce((sum, p) => sum + p.cents, 0);
  const best = points.reduce((a, b) => (b.cents > a.cents ? b : a), points[0] ?? { key: "", cents: 0 });
  const slot = (W - PAD_LEFT - PAD_RIGHT) / Math.max(points.length, 1);
  const barWidth = Math.max(slot * 0.7, 2);
  const plotHeight = H - PAD_BOTTOM - PAD_TOP;
  const summary = max === 0 ? `No revenue in this period.` : `Total ${formatMoney(total)}. Highest: ${chartLabel(best.key)}, ${formatMoney(best.cents)}.`;
  return (
    <figure className="revenue-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        <strong>{title}</strong>
        <span className="muted small">{summary}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={PAD_LEFT} x2={W - PAD_RIGHT} y1={H - PAD_BOTTOM} y2={H - PAD_BOTTOM} className="chart-axis" />
        {points.map((p, i) => {
          const h = max === 0 ? 0 : Math.max((p.cents / max) * plotHeight, p.cents > 0 ? 2 : 0);
          const x = PAD_LEFT + i * slot + (slot - barWidth) / 2;
          return (
            <g key={p.key}>
              <rect x={x} y={H - PAD_BOTTOM - h} width={barWidth} height={h} className="chart-bar" data-key={p.key} data-cents={p.cents} />
              {/* Labels count back from the newest bar, which is always labelled (at the right edge, so end-anchored). */}
              {(points.length - 1 - i) % labelEvery === 0 ? (
                <text
                  x={i === points.length - 1 ? W - PAD_RIGHT : x + barWidth / 2}
                  y={H - 4}
                  textAnchor={i === points.length - 1 ? "end" : "middle"}
                  className="chart-label"
                >
                  {axisLabel(p.key)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="chart-figures">
        <summary>Figures</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{points[0]?.key.length === 7 ? "Month" : "Day"}</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.key}>
                <td>{chartLabel(p.key)}</td>
                <td>{formatMoney(p.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
