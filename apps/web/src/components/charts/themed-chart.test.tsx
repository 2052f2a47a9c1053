import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/render';
import { ChartCard } from './chart-card';
import { ThemedChart } from './themed-chart';

// The real react-chartjs-2 and Chart.js: the test DOM has no 2D context, so Chart.js gives up drawing
// (and says so on the console), but the canvas element and its attributes are real.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('ThemedChart', () => {
  it('renders a canvas that screen readers read as an image with its summary', () => {
    render(
      <TestProviders>
        <ChartCard title="Calls per day" description="Mar 3 – 5, 2026">
          <ThemedChart
            type="line"
            label="Line chart of calls per day: 5 calls in total."
            data={{ labels: ['Mar 3', 'Mar 4'], datasets: [{ label: 'Calls', data: [2, 3] }] }}
          />
        </ChartCard>
      </TestProviders>,
    );

    const chart = screen.getByRole('img', {
      name: 'Line chart of calls per day: 5 calls in total.',
    });
    expect(chart.tagName).toBe('CANVAS');
    // The card is a region named by its heading.
    const card = screen.getByRole('region', { name: 'Calls per day' });
    expect(card).toContainElement(chart);
    expect(screen.getByRole('heading', { name: 'Calls per day', level: 3 })).toBeInTheDocument();
  });
});
