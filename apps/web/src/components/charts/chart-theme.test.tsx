import { DEFAULT_THEME, MantineProvider, mergeMantineTheme } from '@mantine/core';
import { renderHook } from '@testing-library/react';
import type { ChartOptions } from 'chart.js';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { theme as appTheme } from '../../styles/theme';
import {
  buildChartOptions,
  CHART_LEGEND_BOX_WIDTH,
  CHART_LEGEND_PADDING,
  CHART_TOOLTIP_ANIMATION_MS,
  createChartTheme,
} from './chart-theme';
import { useChartTheme } from './use-chart-theme';

const mantineTheme = mergeMantineTheme(DEFAULT_THEME, appTheme);
const light = createChartTheme(mantineTheme, 'light');
const dark = createChartTheme(mantineTheme, 'dark');

/** The seed's settings as a chart ends up with them. */
function seedSettings(options: ChartOptions) {
  const animation = options.plugins?.tooltip?.animation;
  return {
    tooltipAnimationMs: animation === false ? false : animation?.duration,
    legendBoxWidth: options.plugins?.legend?.labels?.boxWidth,
    legendPadding: options.plugins?.legend?.labels?.padding,
  };
}

describe('chart options', () => {
  it('holds the seed constants', () => {
    expect(CHART_TOOLTIP_ANIMATION_MS).toBe(400);
    expect(CHART_LEGEND_BOX_WIDTH).toBe(40);
    expect(CHART_LEGEND_PADDING).toBe(10);
  });

  it.each(['line', 'bar', 'doughnut'] as const)(
    'gives a %s chart a 400 ms tooltip animation and 40/10 legend boxes',
    (type) => {
      expect(seedSettings(buildChartOptions(type, light) as ChartOptions)).toEqual({
        tooltipAnimationMs: 400,
        legendBoxWidth: 40,
        legendPadding: 10,
      });
    },
  );

  it('keeps the seed settings even when a chart asks for others', () => {
    const options = buildChartOptions('bar', light, {
      plugins: {
        tooltip: { animation: { duration: 50 } },
        legend: { labels: { boxWidth: 12, padding: 2 } },
      },
    });
    expect(seedSettings(options as ChartOptions)).toEqual({
      tooltipAnimationMs: 400,
      legendBoxWidth: 40,
      legendPadding: 10,
    });
  });

  it("keeps a chart's own options and the theme's colours together", () => {
    const options = buildChartOptions('line', light, {
      scales: { y: { min: 0, max: 100 } },
      plugins: { legend: { position: 'bottom' } },
    });
    expect(options.scales?.y).toMatchObject({
      min: 0,
      max: 100,
      ticks: { color: light.text },
      grid: { color: light.grid },
    });
    expect(options.plugins?.legend?.position).toBe('bottom');
    expect(options.plugins?.legend?.labels?.color).toBe(light.text);
  });

  it('switches text, grid and tooltip colours for dark mode', () => {
    expect(dark.text).not.toBe(light.text);
    expect(dark.grid).not.toBe(light.grid);
    expect(dark.text).toBe(mantineTheme.colors.dark[1]);
    expect(dark.grid).toBe(mantineTheme.colors.dark[4]);
    expect(light.text).toBe(mantineTheme.colors.gray[7]);

    const lightOptions = buildChartOptions('bar', light);
    const darkOptions = buildChartOptions('bar', dark);
    expect(darkOptions.scales?.x?.ticks?.color).toBe(dark.text);
    expect(darkOptions.scales?.y?.grid?.color).toBe(dark.grid);
    expect(darkOptions.plugins?.tooltip?.backgroundColor).toBe(dark.tooltip.background);
    expect(lightOptions.scales?.x?.ticks?.color).toBe(light.text);
    expect(darkOptions.plugins?.legend?.labels?.color).not.toBe(
      lightOptions.plugins?.legend?.labels?.color,
    );
  });

  it('takes series colours from the theme, lighter shades in dark mode', () => {
    expect(light.series[0]).toBe(mantineTheme.colors.brand?.[6]);
    expect(dark.series[0]).toBe(mantineTheme.colors.brand?.[4]);
    expect(light.positive).toBe(mantineTheme.colors.teal[6]);
    expect(dark.negative).toBe(mantineTheme.colors.red[4]);
  });

  it('separates doughnut slices with the card colour and gives doughnuts no axes', () => {
    const options = buildChartOptions('doughnut', dark);
    expect(options.elements?.arc?.borderColor).toBe(dark.surface);
    expect(options.scales).toBeUndefined();
  });

  it('draws at once for reduced motion but keeps the tooltip animation', () => {
    const reduced = createChartTheme(mantineTheme, 'light', { reducedMotion: true });
    const options = buildChartOptions('line', reduced);
    expect(options.animation).toEqual({ duration: 0 });
    expect(seedSettings(options as ChartOptions).tooltipAnimationMs).toBe(400);
    expect(buildChartOptions('line', light).animation).toBeUndefined();
  });
});

describe('useChartTheme', () => {
  function wrapperFor(scheme: 'light' | 'dark') {
    return function Wrapper({ children }: { children: ReactNode }) {
      return (
        <MantineProvider theme={appTheme} forceColorScheme={scheme} env="test">
          {children}
        </MantineProvider>
      );
    };
  }

  it('follows the colour scheme on screen', () => {
    const { result: inLight } = renderHook(() => useChartTheme(), { wrapper: wrapperFor('light') });
    const { result: inDark } = renderHook(() => useChartTheme(), { wrapper: wrapperFor('dark') });
    expect(inLight.current).toMatchObject({ colorScheme: 'light', text: light.text });
    expect(inDark.current).toMatchObject({ colorScheme: 'dark', text: dark.text, grid: dark.grid });
  });
});
