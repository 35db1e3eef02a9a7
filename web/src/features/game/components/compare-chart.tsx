import { useId } from "react";
import type { UnitWithFaction } from "@schemas/unit";
import { CHART_STATS } from "@/features/game/lib/unit-stats";

/** Series colours (one per compared unit), readable on light and dark surfaces. */
export const SERIES_COLOURS = ["#c2410c", "#0369a1", "#15803d", "#7e22ce"] as const;
/** Each series also gets its own fill pattern so the bars differ without colour. */
const PATTERNS = ["solid", "stripes", "dots", "cross"] as const;

const GROUP_WIDTH = 120;
const CHART_HEIGHT = 180;
const TOP = 24;
const BOTTOM = 40;
const LEFT = 8;

/**
 * A grouped bar chart of the main combat stats: one group per stat, one bar per unit. Each stat
 * has its own scale (the group's highest value fills the height), and every bar is labelled with
 * its value, so health next to speed stays readable. A text alternative describes every value,
 * and the table next to it holds the same numbers.
 */
export function CompareChart({ units }: { units: readonly UnitWithFaction[] }) {
  const uid = useId().replace(/:/g, "");
  const barGap = 4;
  const barWidth = Math.max(10, Math.floor((GROUP_WIDTH - 24 - barGap * (units.length - 1)) / Math.max(units.length, 1)));
  const width = LEFT * 2 + GROUP_WIDTH * CHART_STATS.length;
  const height = TOP + CHART_HEIGHT + BOTTOM;
  const summary = CHART_STATS.map((stat) => `${stat.label}: ${units.map((u) => `${u.name} ${u[stat.key]}`).join(", ")}`).join(". ");

  return (
    <figure className="rounded-2xl border border-line bg-surface p-4" data-testid="compare-chart">
      <figcaption id={`${uid}-caption`} className="font-display text-lg font-bold text-ink">
        Main combat stats
      </figcaption>
      <p className="text-sm text-ink-muted">Each stat has its own scale; the numbers are on the bars and in the table.</p>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink" aria-label="Legend">
        {units.map((u, i) => (
          <li key={u.id} className="flex items-center gap-2">
            <svg width="14" height="14" aria-hidden="true">
              <rect width="14" height="14" rx="2" fill={`url(#${uid}-p${i})`} stroke={SERIES_COLOURS[i]} />
            </svg>
            {u.name}
          </li>
        ))}
      </ul>
      {/* On a phone the chart is wider than the screen: its box scrolls, and keyboard users can scroll it too. */}
      <div
        className="mt-2 overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
        tabIndex={0}
        role="group"
        aria-labelledby={`${uid}-caption`}
      >
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          style={{ minWidth: 560 }}
          aria-labelledby={`${uid}-title ${uid}-desc`}
          className="h-auto w-full text-ink"
        >
          <title id={`${uid}-title`}>{`Bar chart of the main combat stats of ${units.map((u) => u.name).join(", ")}`}</title>
          <desc id={`${uid}-desc`}>{summary}.</desc>
          <defs>
            {units.map((_, i) => (
              <Pattern key={i} id={`${uid}-p${i}`} colour={SERIES_COLOURS[i]!} kind={PATTERNS[i]!} />
            ))}
          </defs>
          <line x1={LEFT} x2={width - LEFT} y1={TOP + CHART_HEIGHT} y2={TOP + CHART_HEIGHT} stroke="currentColor" strokeOpacity="0.4" />
          {CHART_STATS.map((stat, g) => {
            const max = Math.max(1, ...units.map((u) => u[stat.key]));
            const groupX = LEFT + g * GROUP_WIDTH + 12;
            return (
              <g key={stat.key} data-stat={stat.key}>
                {units.map((u, i) => {
                  const value = u[stat.key];
                  const h = Math.max(0, Math.round((Math.max(0, value) / max) * CHART_HEIGHT));
                  const x = groupX + i * (barWidth + barGap);
                  const y = TOP + CHART_HEIGHT - h;
                  return (
                    <g key={u.id}>
                      <rect
                        data-testid="chart-bar"
                        x={x}
                        y={y}
                        width={barWidth}
                        height={h}
                        fill={`url(#${uid}-p${i})`}
                        stroke={SERIES_COLOURS[i]}
                        strokeWidth="1.5"
                      >
                        <title>{`${u.name}: ${stat.label} ${value}`}</title>
                      </rect>
                      <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" fontSize="11" fill="currentColor" aria-hidden="true">
                        {value}
                      </text>
                    </g>
                  );
                })}
                <text
                  x={LEFT + g * GROUP_WIDTH + GROUP_WIDTH / 2}
                  y={TOP + CHART_HEIGHT + 20}
                  textAnchor="middle"
                  fontSize="12"
                  fontWeight="600"
                  fill="currentColor"
                  aria-hidden="true"
                >
                  {stat.label}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </figure>
  );
}

function Pattern({ id, colour, kind }: { id: string; colour: string; kind: (typeof PATTERNS)[number] }) {
  return (
    <pattern id={id} width="6" height="6" patternUnits="userSpaceOnUse">
      <rect width="6" height="6" fill={colour} fillOpacity={kind === "solid" ? 0.9 : 0.35} />
      {kind === "stripes" ? <path d="M0 6 L6 0" stroke={colour} strokeWidth="2" /> : null}
      {kind === "dots" ? <circle cx="3" cy="3" r="1.5" fill={colour} /> : null}
      {kind === "cross" ? <path d="M0 3 H6 M3 0 V6" stroke={colour} strokeWidth="1.5" /> : null}
    </pattern>
  );
}
