export type ChartBar = { label: string; passed: number; failed: number };

const WIDTH = 560;
const HEIGHT = 200;
const PASS = '#12b886';
const FAIL = '#fa5252';
const GRID = '#dee2e6';
const TEXT = '#495057';
const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

function escapeXml(value: string) {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A round step for the value axis: 1, 2, 5, 10, 20, 50 … so the top gridline is a plain number. */
function niceMax(max: number): number {
  if (max <= 4) return Math.max(1, max);
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (max <= step * magnitude) return step * magnitude;
  return 10 * magnitude;
}

/**
 * The digest's chart as an SVG: calls per bucket (hour or day), the successful part of each bar
 * green and the rest red, a gridline at the top value. Labels every `labelEvery` bars.
 */
function digestChartSvg(bars: readonly ChartBar[], labelEvery = 1): string {
  const left = 36;
  const right = 8;
  const top = 14;
  const bottom = 26;
  const plotWidth = WIDTH - left - right;
  const plotHeight = HEIGHT - top - bottom;
  const max = niceMax(Math.max(0, ...bars.map((bar) => bar.passed + bar.failed)));
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
  const parts: string[] = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<line x1="${left}" y1="${y(max)}" x2="${WIDTH - right}" y2="${y(max)}" stroke="${GRID}" stroke-width="1"/>`,
    `<line x1="${left}" y1="${y(max / 2)}" x2="${WIDTH - right}" y2="${y(max / 2)}" stroke="${GRID}" stroke-width="1" stroke-dasharray="3 3"/>`,
    `<line x1="${left}" y1="${y(0)}" x2="${WIDTH - right}" y2="${y(0)}" stroke="#adb5bd" stroke-width="1"/>`,
    `<text x="${left - 6}" y="${y(max) + 4}" font-family="${FONT}" font-size="12" fill="${TEXT}" text-anchor="end">${max}</text>`,
    `<text x="${left - 6}" y="${y(0) + 4}" font-family="${FONT}" font-size="12" fill="${TEXT}" text-anchor="end">0</text>`,
  ];
  bars.forEach((bar, n) => {
    const x = left + n * slot + (slot - barWidth) / 2;
    const total = bar.passed + bar.failed;
    if (total > 0) {
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y(total).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(y(bar.passed) - y(total)).toFixed(1)}" fill="${FAIL}"/>`,
        `<rect x="${x.toFixed(1)}" y="${y(bar.passed).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(y(0) - y(bar.passed)).toFixed(1)}" fill="${PASS}"/>`,
      );
    }
    if (n % labelEvery === 0)
      parts.push(
        `<text x="${(x + barWidth / 2).toFixed(1)}" y="${HEIGHT - 8}" font-family="${FONT}" font-size="12" fill="${TEXT}" text-anchor="middle">${escapeXml(bar.label)}</text>`,
      );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

/**
 * The chart as a PNG at twice its size (sharp on high-density screens; the mail shows it at
 * 560 × 200). Rendered by resvg (Rust, prebuilt for each platform): no browser, no canvas. Loaded
 * on first use, so a platform without its binary loses the chart, not the server.
 */
export async function digestChartPng(bars: readonly ChartBar[], labelEvery = 1): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  const resvg = new Resvg(digestChartSvg(bars, labelEvery), {
    fitTo: { mode: 'width', value: WIDTH * 2 },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  });
  return Buffer.from(resvg.render().asPng());
}

export const DIGEST_CHART_SIZE = { width: WIDTH, height: HEIGHT } as const;
