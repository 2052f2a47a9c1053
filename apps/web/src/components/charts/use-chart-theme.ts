import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useMemo } from 'react';
import { createChartTheme, type ChartTheme } from './chart-theme';

/** The chart colours for the colour scheme on screen now; charts redraw when it changes. */
export function useChartTheme(): ChartTheme {
  const theme = useMantineTheme();
  const colorScheme = useComputedColorScheme('light');
  const reducedMotion = useReducedMotion();
  return useMemo(
    () => createChartTheme(theme, colorScheme, { reducedMotion }),
    [theme, colorScheme, reducedMotion],
  );
}
