import type { MantineTheme } from '@mantine/core';
import type { ChartOptions, ChartType } from 'chart.js';
import { merge } from 'chart.js/helpers';

/*
 * The seed's chart settings. They are requirements, not taste: every chart gets them through
 * buildChartOptions, after any chart-specific options, so no chart can drift from them.
 */
/** plugins.tooltip.animation.duration */
export const CHART_TOOLTIP_ANIMATION_MS = 400;
/** plugins.legend.labels.boxWidth */
export const CHART_LEGEND_BOX_WIDTH = 40;
/** plugins.legend.labels.padding */
export const CHART_LEGEND_PADDING = 10;

/** Height of a chart's drawing area in px; cards and their skeletons share it. */
export const CHART_HEIGHT = 260;

export type ChartColorScheme = 'light' | 'dark';

/** Concrete colours for a canvas (it cannot read CSS variables), taken from the Mantine theme. */
export interface ChartTheme {
  colorScheme: ChartColorScheme;
  /** Tick labels, legend and axis titles. */
  text: string;
  /** Grid lines and axis borders. */
  grid: string;
  /** What the chart is drawn on (the card); doughnut slices are separated by it. */
  surface: string;
  tooltip: { background: string; text: string; border: string };
  /** Colours for series and categories, in order. */
  series: readonly string[];
  /** Passed calls, successes. */
  positive: string;
  /** Failed calls. */
  negative: string;
  /** The user asked for less motion: charts draw at once. */
  reducedMotion: boolean;
}

const SERIES_COLORS = ['brand', 'signal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'yellow'];

function shade(theme: MantineTheme, color: string, index: number): string {
  return theme.colors[color]?.[index] ?? theme.colors.gray[index] ?? theme.black;
}

/**
 * The chart colours for a scheme. Dark mode takes lighter shades for series (they sit on a
 * dark card) and the dark palette for text and grid, mirroring what Mantine does for its own
 * components.
 */
export function createChartTheme(
  theme: MantineTheme,
  colorScheme: ChartColorScheme,
  { reducedMotion = false }: { reducedMotion?: boolean } = {},
): ChartTheme {
  const dark = colorScheme === 'dark';
  const seriesShade = dark ? 4 : 6;
  return {
    colorScheme,
    text: dark ? shade(theme, 'dark', 1) : shade(theme, 'gray', 7),
    grid: dark ? shade(theme, 'dark', 4) : shade(theme, 'gray', 2),
    surface: dark ? shade(theme, 'dark', 7) : theme.white,
    tooltip: dark
      ? {
          background: shade(theme, 'dark', 8),
          text: shade(theme, 'dark', 0),
          border: shade(theme, 'dark', 4),
        }
      : { background: shade(theme, 'gray', 9), text: theme.white, border: shade(theme, 'gray', 9) },
    series: SERIES_COLORS.map((color) => shade(theme, color, seriesShade)),
    positive: shade(theme, 'teal', seriesShade),
    negative: shade(theme, 'red', seriesShade),
    reducedMotion,
  };
}

/** The colour for the i-th series or category (the palette repeats past its end). */
export function seriesColor(chartTheme: ChartTheme, index: number): string {
  const { series } = chartTheme;
  return series[index % series.length] ?? chartTheme.text;
}

/** A colour with an alpha, for fills under lines: "#4c57ef" → "rgba(76, 87, 239, 0.15)". */
/** A bar chart's data with one series, its bars in the given colour with rounded tops. */
export function oneBarSeries(labels: string[], label: string, data: number[], color: string) {
  return { labels, datasets: [{ label, data, backgroundColor: color, borderRadius: 4 }] };
}

export function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return hex;
  const value = Number.parseInt(match[1], 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

const CIRCULAR_TYPES: readonly ChartType[] = ['doughnut', 'pie', 'polarArea'];

/**
 * Options for one chart: the theme's colours, then the chart's own options, then the seed's
 * required settings (which win over both). Doughnuts and pies get no x/y scales.
 */
export function buildChartOptions<TType extends ChartType>(
  type: TType,
  chartTheme: ChartTheme,
  options?: ChartOptions<TType>,
): ChartOptions<TType> {
  const axis = {
    ticks: { color: chartTheme.text },
    grid: { color: chartTheme.grid },
    border: { color: chartTheme.grid },
    title: { color: chartTheme.text },
  };
  const themed = {
    responsive: true,
    maintainAspectRatio: false,
    color: chartTheme.text,
    borderColor: chartTheme.grid,
    // Not `false`: that would switch the tooltip's required animation off too. Duration 0 draws
    // the data at once while the tooltip keeps its own animation.
    ...(chartTheme.reducedMotion ? { animation: { duration: 0 } } : {}),
    plugins: {
      legend: { labels: { color: chartTheme.text } },
      tooltip: {
        backgroundColor: chartTheme.tooltip.background,
        titleColor: chartTheme.tooltip.text,
        bodyColor: chartTheme.tooltip.text,
        footerColor: chartTheme.tooltip.text,
        borderColor: chartTheme.tooltip.border,
        borderWidth: 1,
      },
    },
    ...(CIRCULAR_TYPES.includes(type)
      ? { elements: { arc: { borderColor: chartTheme.surface } } }
      : { scales: { x: axis, y: axis } }),
  };
  const required = {
    plugins: {
      tooltip: { animation: { duration: CHART_TOOLTIP_ANIMATION_MS } },
      legend: { labels: { boxWidth: CHART_LEGEND_BOX_WIDTH, padding: CHART_LEGEND_PADDING } },
    },
  };
  return merge({}, [themed, options ?? {}, required]) as ChartOptions<TType>;
}
