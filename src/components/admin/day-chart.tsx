import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { formatPrice } from '@/lib/format';

export interface DayPoint {
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

/** "2026-11-24" → "24.11" */
const dayLabel = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** A count as a number; money (PLN) as the portal shows prices. */
const formatter = (kind: 'count' | 'money') => (value: number) =>
  kind === 'money' ? formatPrice(Math.round(value * 100)) : String(value);

const width = 300;
const height = 100;

/**
 * A small bar chart of one value by day (no chart library): the drawing is one image named by a
 * summary, and a table read only by screen readers carries every day's value.
 */
export async function DayChart({
  id,
  label,
  points,
  total,
  kind = 'count',
  note,
  totalLabel,
}: {
  id: string;
  label: string;
  points: DayPoint[];
  total: number;
  kind?: 'count' | 'money';
  /** A line under the total, e.g. its change against the previous period (/account/stats). */
  note?: ReactNode;
  /** What screen readers hear before the total (the admin overview's "total in 30 days" by default). */
  totalLabel?: string;
}) {
  const t = await getTranslations('admin');
  const format = formatter(kind);
  const max = Math.max(0, ...points.map((p) => p.value));
  const peak = points.find((p) => p.value === max);
  const summary =
    max > 0 && peak
      ? t('chart.summary', { label, total: format(total), max: format(max), date: dayLabel(peak.date) })
      : t('chart.summary_empty', { label });
  const slot = width / Math.max(1, points.length);
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure
      aria-labelledby={`${id}-label`}
      className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span id={`${id}-label`} className="font-semibold">
          {label}
        </span>
        <span className="text-xl font-bold text-brand-700">
          <span className="sr-only">{totalLabel ?? t('overview.total')}: </span>
          {format(total)}
        </span>
        {note && <span className="basis-full text-sm">{note}</span>}
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        className="h-24 w-full overflow-visible"
      >
        <line
          x1={0}
          x2={width}
          y1={height}
          y2={height}
          className="stroke-slate-300"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {points.map((p, i) => {
          const h = max > 0 ? (p.value / max) * (height - 4) : 0;
          return (
            <rect
              key={p.date}
              x={i * slot + slot * 0.15}
              y={height - h}
              width={slot * 0.7}
              height={h}
              rx={1}
              className="fill-brand-600"
            >
              <title>{`${dayLabel(p.date)}: ${format(p.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <div aria-hidden className="flex justify-between text-xs text-slate-600">
          <span>{dayLabel(first.date)}</span>
          <span>{dayLabel(last.date)}</span>
        </div>
      )}
      {/* The wrapper hides it: a table grows to its content whatever width it is given, past a phone's edge. */}
      <div className="sr-only">
        <table>
          <caption>{t('chart.table_caption', { label })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.day')}</th>
              <th scope="col">{t('chart.value')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{dayLabel(p.date)}</th>
                <td>{format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
