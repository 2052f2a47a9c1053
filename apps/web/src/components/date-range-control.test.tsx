import { render, screen, within } from '@testing-library/react';
import type { DateRange } from '@switchboard/shared/date-range';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TestProviders } from '../test/render';
import { DateRangeControl, useDateRangeParams } from './date-range-control';
import { setupUser } from '../test/user';

function ParamsProbe() {
  return <output aria-label="Requested range">{JSON.stringify(useDateRangeParams())}</output>;
}

function renderControl(
  path: string,
  { resolved, timeZone = 'Europe/Dublin' }: { resolved?: DateRange; timeZone?: string } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: '/agent/:agentId',
        element: (
          <>
            <DateRangeControl resolved={resolved} timeZone={timeZone} />
            <ParamsProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const user = setupUser();
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { router, user, search };
}

beforeEach(() => {
  // Only the clock: user-event's own timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DateRangeControl', () => {
  it.each([
    { preset: 'Last 7 days', from: '2026-03-04' },
    { preset: 'Last 30 days', from: '2026-02-09' },
    { preset: 'Last 90 days', from: '2025-12-11' },
  ])('"$preset" writes from=$from and to=today into the URL', async ({ preset, from }) => {
    const { user, search } = renderControl('/agent/a1?tab=x');

    await user.click(screen.getByRole('button', { name: preset }));

    expect(search()).toEqual({ tab: 'x', from, to: '2026-03-10' });
    expect(screen.getByRole('button', { name: preset })).toHaveAttribute('aria-pressed', 'true');
  });

  it("counts today in the business's time zone, not the browser's", async () => {
    // 23:30 UTC on Mar 10 is already Mar 11 in Tokyo.
    vi.setSystemTime(new Date('2026-03-10T23:30:00Z'));
    const { user, search } = renderControl('/agent/a1', { timeZone: 'Asia/Tokyo' });

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));

    expect(search()).toEqual({ from: '2026-03-05', to: '2026-03-11' });
  });

  it('works from the keyboard', async () => {
    const { user, search } = renderControl('/agent/a1');

    const quickRanges = screen.getByRole('group', { name: 'Quick ranges' });
    await user.tab();
    expect(within(quickRanges).getByRole('button', { name: 'Last 7 days' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');

    expect(search()).toEqual({ from: '2025-12-11', to: '2026-03-10' });
  });

  it.each([
    {
      which: 'the server answered for when the URL names none',
      url: '/agent/a1',
      shown: 'Feb 9, 2026 – Mar 10, 2026',
      pressed: { 'Last 30 days': 'true', 'Last 7 days': 'false' },
    },
    {
      which: 'in the URL over an older answer',
      url: '/agent/a1?from=2026-03-01&to=2026-03-04',
      shown: 'Mar 1, 2026 – Mar 4, 2026',
      pressed: { 'Last 30 days': 'false' },
    },
  ])('shows the range $which', ({ url, shown, pressed }) => {
    renderControl(url, { resolved: { from: '2026-02-09', to: '2026-03-10' } });

    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(shown);
    for (const [name, value] of Object.entries(pressed)) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', value);
    }
  });

  it('writes a range picked in the calendar once both ends are chosen', async () => {
    const { user, search } = renderControl('/agent/a1?from=2026-03-01&to=2026-03-04');

    await user.click(screen.getByRole('button', { name: 'Date range' }));
    await user.click(screen.getByRole('button', { name: '9 March 2026' }));
    // Half a range is not applied.
    expect(search()).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    await user.click(screen.getByRole('button', { name: '2 March 2026' }));

    expect(search()).toEqual({ from: '2026-03-02', to: '2026-03-09' });
  });

  it('goes back to the range shown when the calendar closes with one end picked', async () => {
    const { user, search } = renderControl('/agent/a1?from=2026-03-01&to=2026-03-04');

    await user.click(screen.getByRole('button', { name: 'Date range' }));
    await user.click(screen.getByRole('button', { name: '9 March 2026' }));
    await user.keyboard('{Escape}');

    expect(search()).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(
      'Mar 1, 2026 – Mar 4, 2026',
    );
  });

  it('offers no day after today', async () => {
    const { user } = renderControl('/agent/a1?from=2026-03-01&to=2026-03-04');

    await user.click(screen.getByRole('button', { name: 'Date range' }));

    expect(screen.getByRole('button', { name: '10 March 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '11 March 2026' })).toBeDisabled();
  });

  it('ignores a range in the URL that the server would refuse', () => {
    renderControl('/agent/a1?from=2026-03-09&to=2026-03-01');
    expect(screen.getByRole('status', { name: 'Requested range' })).toHaveTextContent('{}');
  });

  it('passes a valid range in the URL on', () => {
    renderControl('/agent/a1?from=2026-03-01&to=2026-03-09');
    expect(screen.getByRole('status', { name: 'Requested range' })).toHaveTextContent(
      '{"from":"2026-03-01","to":"2026-03-09"}',
    );
  });
});
