import {
  formatCost,
  formatCount,
  formatCountOf,
  formatLongMinutes,
  formatMinutes,
} from '@switchboard/shared/format';

// Every chart's value axis and tooltip say their unit, in the product's formats: the axis is
// titled with it and its ticks formatted, the tooltip reads "12 calls", "7.50 min (7 min 30 s)",
// "$4.20" or "72.5%".

type Word = { one: string; many: string };

/** What a tooltip callback reads of the item it labels (any chart type's item has these). */
type Item = { raw: unknown; label: string };

/** A count axis: whole numbers with thousands separators, titled with what is counted. */
export function countAxis(word: Word) {
  return {
    beginAtZero: true,
    title: { display: true, text: capitalized(word.many) },
    ticks: { precision: 0, callback: (value: number | string) => formatCount(Number(value)) },
  } as const;
}

/** "12 calls" for a count. */
export function countTooltip(word: Word) {
  return (item: Item) => formatCountOf(Number(item.raw), word.one, word.many);
}

/** "Passed: 12 calls" for a doughnut's slice, which has no axis to name its category. */
export function sliceCountTooltip(word: Word) {
  return (item: Item) => `${item.label}: ${formatCountOf(Number(item.raw), word.one, word.many)}`;
}

/** A minutes axis: "0 min", "30 min" and titled Minutes. */
export const minutesAxis = {
  beginAtZero: true,
  title: { display: true, text: 'Minutes' },
  ticks: { callback: (value: number | string) => `${formatCount(Number(value))} min` },
} as const;

/** "7.50 min (7 min 30 s)": the exact minutes and their long form. */
export function minutesTooltip(item: Item): string {
  const minutes = Number(item.raw);
  return `${formatMinutes(minutes)} min (${formatLongMinutes(minutes)})`;
}

/** A cost axis: "$0.00", "$1.50", titled Spend (USD). */
export const costAxis = {
  beginAtZero: true,
  title: { display: true, text: 'Spend (USD)' },
  ticks: { callback: (value: number | string) => formatCost(Number(value)) },
} as const;

/** A percentage axis from 0 to 100: "0%" … "100%". */
export const percentAxis = {
  min: 0,
  max: 100,
  title: { display: true, text: 'Calls passed (%)' },
  ticks: { callback: (value: number | string) => `${String(value)}%` },
} as const;

/**
 * A series over time read one x position at a time: hovering anywhere over a day (or an hour)
 * shows every series there, each line of the tooltip from `label`, on the value axis `y`.
 */
export function timeSeriesOptions<Axis>(y: Axis, label: (item: Item) => string) {
  return {
    interaction: { mode: 'index', intersect: false } as const,
    scales: { y },
    plugins: { tooltip: { callbacks: { label } } },
  };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
