import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../test/render';
import { callReducer, initialCallState, type CallEvent } from '../state/call-state';
import type { useWebCall } from '../hooks/use-web-call';
import { CallView } from './call-view';

type WebCall = ReturnType<typeof useWebCall>;

function renderView(events: CallEvent[]) {
  const actions: WebCall['actions'] = {
    start: vi.fn(() => Promise.resolve()),
    end: vi.fn(),
    setMuted: vi.fn(),
    sendMessage: vi.fn(),
    say: vi.fn(),
    sayFirstMessage: vi.fn(),
    setScreenSharing: vi.fn(),
    setInputDevice: vi.fn(() => Promise.resolve()),
    setOutputDevice: vi.fn(),
    dismissWarning: vi.fn(),
  };
  const state = events.reduce(callReducer, initialCallState);
  render(
    <TestProviders>
      <CallView call={{ state, actions, video: false, sharing: false }} agentName="Front desk" />
    </TestProviders>,
  );
  return { actions, user: userEvent.setup() };
}

const inCall: CallEvent[] = [
  { type: 'start' },
  { type: 'started', callId: 'c1' },
  { type: 'call-start' },
];

describe('call view controls', () => {
  it('sends say with its three options, and the say-first-message control', async () => {
    const { actions, user } = renderView(inCall);
    const text = screen.getByLabelText('Make the assistant say');
    fireEvent.change(text, { target: { value: 'Goodbye now' } });
    await user.click(screen.getByLabelText('End call after spoken'));
    await user.click(screen.getByLabelText(/Interrupt the assistant/));
    await user.click(screen.getByRole('button', { name: 'Say' }));
    expect(actions.say).toHaveBeenCalledWith('Goodbye now', {
      endCallAfterSpoken: true,
      interruptionsEnabled: false,
      interruptAssistantEnabled: true,
    });
    fireEvent.change(text, { target: { value: 'Hold on' } });
    await user.click(screen.getByLabelText('Caller may interrupt it'));
    await user.click(screen.getByRole('button', { name: 'Say' }));
    expect(actions.say).toHaveBeenLastCalledWith('Hold on', {
      endCallAfterSpoken: true,
      interruptionsEnabled: true,
      interruptAssistantEnabled: true,
    });
    await user.click(screen.getByRole('button', { name: 'Say first message' }));
    expect(actions.sayFirstMessage).toHaveBeenCalledTimes(1);
  });

  it('offers no controls outside a call', () => {
    renderView([]);
    expect(screen.getByRole('button', { name: 'Say first message' })).toBeDisabled();
    expect(screen.getByLabelText('Caller may interrupt it')).toBeDisabled();
  });

  it('shows call-start-failed with its stage, reason and context under the start error', () => {
    renderView([
      { type: 'start' },
      {
        type: 'start-failed',
        event: {
          stage: 'web-call-creation',
          totalDuration: 412,
          error: 'Request failed with status 400',
          context: { hasAssistant: true, hasSquad: false, hasWorkflow: false, isMobile: false },
        },
      },
      { type: 'error', errorType: 'start-method-error', error: {} },
    ]);
    const details = screen.getByRole('list', { name: 'Why the start failed' });
    expect(
      within(details).getByText('Failed at: Creating the web call after 412 ms'),
    ).toBeInTheDocument();
    expect(within(details).getByText('Reason: Request failed with status 400')).toBeInTheDocument();
    expect(details).toHaveTextContent(
      'Started with: assistant yes, squad no, workflow no; mobile device no',
    );
  });

  it('says the call client’s fatal kind in its own words', () => {
    renderView([
      ...inCall,
      {
        type: 'error',
        errorType: 'daily-error',
        error: { errorMsg: 'Meeting has ended', error: { type: 'exp-room' } },
      },
    ]);
    expect(screen.getByText('The call’s room has expired.')).toBeInTheDocument();
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Call failed');
  });
});
