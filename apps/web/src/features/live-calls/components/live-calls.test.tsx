import type { LiveCall } from '@switchboard/shared/live-calls';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fake-api';
import { TestProviders } from '../../../test/render';
import { setupUser } from '../../../test/user';
import { LiveCalls } from './live-calls';

/** A stand-in for the browser's EventSource: the test pushes `calls` events through it. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  push(calls: LiveCall[]) {
    for (const listener of this.listeners.get('calls') ?? [])
      listener(new MessageEvent('calls', { data: JSON.stringify({ calls }) }));
  }
}

function buildCall(overrides: Partial<LiveCall> = {}): LiveCall {
  return {
    id: 'call-1',
    agent: { id: 'asst-1', name: 'Front desk' },
    businessName: 'Bright Smile Dental',
    callerNumber: '+12125550199',
    callType: 'inbound',
    status: 'in-progress',
    startedAt: new Date(Date.now() - 65_000).toISOString(),
    createdAt: new Date(Date.now() - 70_000).toISOString(),
    lines: [
      {
        role: 'assistant',
        text: 'Bright Smile Dental, how can I help?',
        at: '2026-03-05T14:07:00.000Z',
      },
      { role: 'caller', text: 'Can I move my appointment?', at: '2026-03-05T14:07:03.000Z' },
    ],
    canListen: true,
    canControl: true,
    assistantMuted: false,
    ...overrides,
  };
}

describe('LiveCalls', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => vi.unstubAllGlobals());

  function renderLive(props: { showBusiness?: boolean; sandbox?: boolean } = {}) {
    const user = setupUser();
    render(
      <TestProviders>
        <LiveCalls showBusiness={props.showBusiness ?? false} sandbox={props.sandbox ?? false} />
      </TestProviders>,
    );
    return user;
  }

  it('shows each call with its caller, agent, duration and transcript, growing as events come', async () => {
    stubApi({});
    renderLive();
    expect(FakeEventSource.last?.url).toBe('/api/live-calls/stream');
    act(() => FakeEventSource.last!.push([buildCall()]));
    const card = await screen.findByRole('region', { name: 'Call with +12125550199' });
    expect(within(card).getByText('Front desk')).toBeDefined();
    expect(within(card).getByLabelText('Duration so far').textContent).toMatch(/^1m \ds$/);
    const transcript = within(card).getByRole('log');
    expect(transcript.textContent).toContain('Caller: Can I move my appointment?');
    act(() =>
      FakeEventSource.last!.push([
        buildCall({
          lines: [
            ...buildCall().lines,
            {
              role: 'assistant',
              text: 'Of course, which day suits you?',
              at: '2026-03-05T14:07:06.000Z',
            },
          ],
        }),
      ]),
    );
    await waitFor(() => expect(transcript.textContent).toContain('which day suits you?'));
    act(() => FakeEventSource.last!.push([]));
    expect(await screen.findByText('No calls in progress')).toBeDefined();
  });

  it('says a sentence, and ends the call only after confirming', async () => {
    const api = stubApi({
      'POST /api/live-calls/call-1/control': () => jsonResponse({ done: true }),
      'GET /api/live-calls/call-1/transfer-targets': () => jsonResponse({ numbers: [] }),
    });
    const user = renderLive();
    act(() => FakeEventSource.last!.push([buildCall()]));
    const card = await screen.findByRole('region', { name: 'Call with +12125550199' });
    await user.type(within(card).getByLabelText(/Say as the assistant/), 'One moment please.');
    await user.click(within(card).getByRole('button', { name: 'Say' }));
    await waitFor(() =>
      expect(api.calls('POST /api/live-calls/call-1/control').map((r) => r.body)).toEqual([
        { action: 'say', text: 'One moment please.' },
      ]),
    );
    expect(
      await within(card).findByText(
        "To transfer calls, add the business's phone number in Settings.",
      ),
    ).toBeDefined();
    await user.click(within(card).getByRole('button', { name: 'End call' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this call?' });
    expect(api.calls('POST /api/live-calls/call-1/control')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'End call' }));
    await waitFor(() =>
      expect(api.calls('POST /api/live-calls/call-1/control').at(-1)?.body).toEqual({
        action: 'end-call',
      }),
    );
  });

  it('says when listening is off for the agent, and names the business for the operator', async () => {
    stubApi({});
    renderLive({ showBusiness: true });
    act(() => FakeEventSource.last!.push([buildCall({ canListen: false, canControl: false })]));
    const card = await screen.findByRole('region', { name: 'Call with +12125550199' });
    expect(within(card).getByText('Front desk · Bright Smile Dental')).toBeDefined();
    expect(within(card).getByText('Listening in is turned off for this agent.')).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'End call' })).toBeNull();
  });
});
