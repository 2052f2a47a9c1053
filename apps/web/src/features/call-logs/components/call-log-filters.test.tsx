import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../test/render';
import { DEFAULT_CALL_LOG_STATE, type CallLogState } from '../utils/call-log-params';
import { CallLogFilters, FILTER_DEBOUNCE_MS } from './call-log-filters';

/** The filters with the URL's state held by the test, as a slow screen would hand it back. */
function renderFilters(state: CallLogState) {
  const onChange = vi.fn();
  const props = {
    onChange,
    onReset: () => undefined,
    onRefresh: () => undefined,
    refreshing: false,
    exportHref: '/api/calls/export',
  };
  const view = render(
    <TestProviders>
      <CallLogFilters state={state} {...props} />
    </TestProviders>,
  );
  const showState = (next: CallLogState) =>
    view.rerender(
      <TestProviders>
        <CallLogFilters state={next} {...props} />
      </TestProviders>,
    );
  return { onChange, showState };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('call log filters', () => {
  it('keeps what was typed after a pause applied part of it, when the URL catches up late', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { onChange, showState } = renderFilters(DEFAULT_CALL_LOG_STATE);
    const box = screen.getByRole('textbox', { name: 'Phone number' });

    await user.type(box, '21255');
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    });
    expect(onChange).toHaveBeenLastCalledWith({ phone: '21255' }, { replace: true });
    // One more digit before the screen shows the applied value.
    await user.type(box, '5');
    showState({ ...DEFAULT_CALL_LOG_STATE, phone: '21255' });

    expect(box).toHaveValue('212555');
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    });
    expect(onChange).toHaveBeenLastCalledWith({ phone: '212555' }, { replace: true });

    // A change the box did not make (Reset, back) replaces what it holds.
    showState(DEFAULT_CALL_LOG_STATE);
    expect(box).toHaveValue('');
  });

  it('keeps a bound typed while the other one of its pair was on its way to the URL', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { onChange, showState } = renderFilters(DEFAULT_CALL_LOG_STATE);
    const low = screen.getByRole('textbox', { name: 'Minimum cost (USD)' });
    const high = screen.getByRole('textbox', { name: 'Maximum cost (USD)' });

    await user.type(high, '2');
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    });
    expect(onChange).toHaveBeenLastCalledWith({ minCost: null, maxCost: 2 }, { replace: true });
    // The minimum is typed before the screen shows the maximum it applied (a slow screen).
    await user.type(low, '5');
    showState({ ...DEFAULT_CALL_LOG_STATE, maxCost: 2 });

    expect(low).toHaveValue('$5');
    expect(high).toHaveValue('$2');
    await user.keyboard('{Enter}');
    expect(screen.getByText('The minimum is above the maximum')).toBeInTheDocument();
    // Leaving the maximum's box applied the same pair again; the refused one never went out.
    expect(onChange).toHaveBeenLastCalledWith({ minCost: null, maxCost: 2 }, undefined);
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ minCost: 5 }), undefined);

    // A change the pair did not make (Reset, back) replaces what it holds.
    showState(DEFAULT_CALL_LOG_STATE);
    expect(low).toHaveValue('');
    expect(high).toHaveValue('');
    expect(screen.queryByText('The minimum is above the maximum')).toBeNull();
  });
});
