import { describe, expect, it } from 'vitest';
import {
  costAxis,
  countAxis,
  countTooltip,
  minutesAxis,
  minutesTooltip,
  percentAxis,
  sliceCountTooltip,
} from './chart-units';

const CALLS = { one: 'call', many: 'calls' };
const item = (raw: number, label = 'Mar 5') => ({ raw, label });

describe('chart units', () => {
  it('says what a count counts, grouped, on the axis and in the tooltip', () => {
    const axis = countAxis(CALLS);
    expect(axis.title).toEqual({ display: true, text: 'Calls' });
    expect(axis.ticks.callback(1500)).toBe('1,500');
    expect(countTooltip(CALLS)(item(1210))).toBe('1,210 calls');
    expect(countTooltip(CALLS)(item(1))).toBe('1 call');
    expect(sliceCountTooltip(CALLS)(item(4, 'Pass'))).toBe('Pass: 4 calls');
  });

  it('gives minutes their unit and long form, in the seed’s 2 decimals', () => {
    expect(minutesAxis.ticks.callback(1200)).toBe('1,200 min');
    expect(minutesTooltip(item(7.5))).toBe('7.50 min (7 min 30 s)');
    expect(minutesTooltip(item(450.22))).toBe('450.22 min (7 h 30 min)');
  });

  it('shows spend in dollars and rates in percent', () => {
    expect(costAxis.ticks.callback(1.5)).toBe('$1.50');
    expect(costAxis.title.text).toBe('Spend (USD)');
    expect(percentAxis.ticks.callback(50)).toBe('50%');
  });
});
