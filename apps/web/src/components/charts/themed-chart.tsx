import './chart-setup';
import { Box } from '@mantine/core';
import type { ChartData, ChartOptions, ChartType, DefaultDataPoint } from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { buildChartOptions, CHART_HEIGHT } from './chart-theme';
import { useChartTheme } from './use-chart-theme';

type ThemedChartProps<TType extends ChartType> = {
  type: TType;
  data: ChartData<TType, DefaultDataPoint<TType>, string>;
  /** This chart's own options; the theme's colours and the seed's settings are added. */
  options?: ChartOptions<TType>;
  /**
   * What the chart shows, in words. A canvas is an image to assistive technology, so this is
   * all a screen reader gets: say the figures that matter, not just the title.
   */
  label: string;
  height?: number;
};

/** A Chart.js chart in the app's colours (light or dark), described for screen readers. */
export function ThemedChart<TType extends ChartType>({
  type,
  data,
  options,
  label,
  height = CHART_HEIGHT,
}: ThemedChartProps<TType>) {
  const chartTheme = useChartTheme();
  const themedOptions = useMemo(
    () => buildChartOptions(type, chartTheme, options),
    [type, chartTheme, options],
  );
  return (
    // Chart.js sizes a responsive canvas from a relatively positioned parent of fixed height.
    <Box pos="relative" h={height} w="100%">
      <Chart<TType, DefaultDataPoint<TType>, string>
        type={type}
        data={data}
        options={themedOptions}
        role="img"
        aria-label={label}
        fallbackContent={<p>{label}</p>}
      />
    </Box>
  );
}
