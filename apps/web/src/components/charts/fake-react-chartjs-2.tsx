import type { ChartProps } from 'react-chartjs-2';

/**
 * Test stand-in for react-chartjs-2 (the test DOM has no canvas): renders what a chart was given as
 * text, so a test can read the figures. Use with
 * `vi.mock('react-chartjs-2', () => import('…/components/charts/fake-react-chartjs-2'))`.
 * Each point is a list item "<dataset label> · <category>: <value>".
 */
function labelAt(labels: readonly unknown[] | undefined, index: number): string {
  const label = labels?.[index];
  return typeof label === 'string' || typeof label === 'number' ? String(label) : String(index);
}

export function Chart({ type, data, options, role, 'aria-label': ariaLabel }: ChartProps) {
  return (
    <div
      role={role}
      aria-label={ariaLabel}
      data-chart-type={type}
      data-options={JSON.stringify(options)}
    >
      <ul>
        {data.datasets.flatMap((dataset, datasetIndex) =>
          (dataset.data as unknown[]).map((value, index) => (
            <li key={`${datasetIndex}-${index}`}>
              {`${dataset.label ?? ''} · ${labelAt(data.labels, index)}: ${String(value)}`}
            </li>
          )),
        )}
      </ul>
    </div>
  );
}
