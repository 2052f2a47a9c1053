import { describe, expect, it } from 'vitest';
import {
  ALREADY_STARTED_WARNING,
  callReducer,
  canStart,
  initialCallState,
  MIC_SILENT_AFTER_MS,
  needsLeave,
  type CallEvent,
  type CallState,
} from './call-state';
import { CALL_ERROR_MESSAGES, DEVICE_ERROR_MESSAGES, FATAL_KIND_MESSAGES } from './call-errors';

const run = (events: CallEvent[], from: CallState = initialCallState) =>
  events.reduce(callReducer, from);

const joined = () =>
  run([{ type: 'start' }, { type: 'started', callId: 'c1' }, { type: 'call-start' }]);

describe('call state', () => {
  it('goes new → joining → joined → left', () => {
    const joining = run([{ type: 'start' }]);
    expect(joining.phase).toBe('joining');
    const started = callReducer(joining, { type: 'started', callId: 'c1' });
    expect(started).toMatchObject({ phase: 'joining', callId: 'c1' });
    // call-start comes when the assistant says it is listening.
    const inCall = callReducer(started, { type: 'call-start' });
    expect(inCall.phase).toBe('joined');
    const left = callReducer(inCall, { type: 'call-end' });
    expect(left.phase).toBe('left');
    expect(canStart(left)).toBe(true);
  });

  it('refuses to join while joining or joined, with a warning, and keeps the call', () => {
    const joining = run([{ type: 'start' }, { type: 'started', callId: 'c1' }]);
    const again = callReducer(joining, { type: 'start' });
    expect(again).toMatchObject({
      phase: 'joining',
      callId: 'c1',
      warning: ALREADY_STARTED_WARNING,
    });
    const inCall = joined();
    expect(callReducer(inCall, { type: 'start' })).toMatchObject({
      phase: 'joined',
      warning: ALREADY_STARTED_WARNING,
    });
    // The SDK's own refusal (a failed validation stage) says the same.
    expect(
      callReducer(inCall, { type: 'progress', stage: 'validation', status: 'failed' }).warning,
    ).toBe(ALREADY_STARTED_WARNING);
  });

  it('starts afresh after a call ended or failed', () => {
    const ended = callReducer(joined(), { type: 'call-end' });
    const next = callReducer(ended, { type: 'start' });
    expect(next).toMatchObject({ phase: 'joining', callId: null, transcript: [], stages: [] });
  });

  it('needs no leave in the left or error state', () => {
    expect(needsLeave(initialCallState)).toBe(false);
    expect(needsLeave(run([{ type: 'start' }]))).toBe(true);
    expect(needsLeave(joined())).toBe(true);
    expect(needsLeave(callReducer(joined(), { type: 'call-end' }))).toBe(false);
    const failed = run([
      { type: 'start' },
      { type: 'error', errorType: 'daily-call-join-error', error: { message: 'no room' } },
    ]);
    expect(needsLeave(failed)).toBe(false);
  });

  it('keeps each start stage at its latest status, in the order they began', () => {
    const state = run([
      { type: 'start' },
      { type: 'progress', stage: 'initialization', status: 'started' },
      { type: 'progress', stage: 'web-call-creation', status: 'started' },
      { type: 'progress', stage: 'web-call-creation', status: 'completed', duration: 42 },
      { type: 'progress', stage: 'daily-call-join', status: 'failed', duration: 7 },
    ]);
    expect(state.stages).toEqual([
      { stage: 'initialization', status: 'started', duration: null },
      { stage: 'web-call-creation', status: 'completed', duration: 42 },
      { stage: 'daily-call-join', status: 'failed', duration: 7 },
    ]);
  });

  it('turns partial transcripts into one line per turn, finished by the final text', () => {
    const state = run(
      [
        {
          type: 'message',
          message: {
            type: 'transcript',
            role: 'assistant',
            transcriptType: 'partial',
            transcript: 'Hello',
          },
        },
        {
          type: 'message',
          message: {
            type: 'transcript',
            role: 'assistant',
            transcriptType: 'partial',
            transcript: 'Hello, this is',
          },
        },
        {
          type: 'message',
          message: {
            type: 'transcript',
            role: 'assistant',
            transcriptType: 'final',
            transcript: 'Hello, this is Ava.',
          },
        },
        {
          type: 'message',
          message: {
            type: 'transcript',
            role: 'user',
            transcriptType: 'final',
            transcript: 'Hi Ava',
          },
        },
        {
          type: 'message',
          message: {
            type: 'transcript',
            role: 'assistant',
            transcriptType: 'partial',
            transcript: 'How can',
          },
        },
        { type: 'message', message: { type: 'conversation-update', messages: [] } },
      ],
      joined(),
    );
    expect(state.transcript.map(({ role, text, final }) => ({ role, text, final }))).toEqual([
      { role: 'assistant', text: 'Hello, this is Ava.', final: true },
      { role: 'user', text: 'Hi Ava', final: true },
      { role: 'assistant', text: 'How can', final: false },
    ]);
    expect(new Set(state.transcript.map((l) => l.id)).size).toBe(3);
  });

  it('records status updates and the end reason', () => {
    const state = run(
      [
        { type: 'message', message: { type: 'status-update', status: 'in-progress' } },
        {
          type: 'message',
          message: { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' },
        },
        { type: 'call-end' },
      ],
      joined(),
    );
    expect(state).toMatchObject({
      phase: 'left',
      status: 'ended',
      endedReason: 'customer-ended-call',
    });
  });

  it('follows the assistant volume (clamped) and speaking indicator, both quiet after the call', () => {
    let state = run([{ type: 'speech-start' }, { type: 'volume', level: 0.7 }], joined());
    expect(state).toMatchObject({ assistantSpeaking: true, volume: 0.7 });
    state = callReducer(state, { type: 'volume', level: 3 });
    expect(state.volume).toBe(1);
    state = callReducer(state, { type: 'speech-end' });
    expect(state.assistantSpeaking).toBe(false);
    state = run([{ type: 'speech-start' }, { type: 'call-end' }], state);
    expect(state).toMatchObject({ assistantSpeaking: false, volume: 0 });
  });

  it('warns when the microphone stays silent, and stops warning when it hears something or is muted', () => {
    const t0 = 1_000_000;
    let state = run(
      [
        { type: 'mic-level', level: 0, at: t0 },
        { type: 'mic-level', level: 0.001, at: t0 + MIC_SILENT_AFTER_MS - 1 },
      ],
      joined(),
    );
    expect(state.micSilent).toBe(false);
    state = callReducer(state, { type: 'mic-level', level: 0, at: t0 + MIC_SILENT_AFTER_MS });
    expect(state.micSilent).toBe(true);
    expect(callReducer(state, { type: 'mic-level', level: 0.2, at: t0 + 9000 }).micSilent).toBe(
      false,
    );
    const muted = callReducer(state, { type: 'muted', muted: true });
    expect(muted).toMatchObject({ muted: true, micSilent: false });
    // A muted microphone is silent on purpose: no warning.
    expect(
      run(
        [
          { type: 'mic-level', level: 0, at: t0 },
          { type: 'mic-level', level: 0, at: t0 + 2 * MIC_SILENT_AFTER_MS },
        ],
        muted,
      ).micSilent,
    ).toBe(false);
  });

  it.each(Object.keys(CALL_ERROR_MESSAGES))('has a clear message for the %s error', (errorType) => {
    const state = callReducer(run([{ type: 'start' }]), { type: 'error', errorType, error: {} });
    const text = state.error?.message ?? state.warning;
    expect(text).toBe(CALL_ERROR_MESSAGES[errorType]);
  });

  it('ends the call on fatal errors and only warns on the others', () => {
    const joining = run([{ type: 'start' }]);
    for (const errorType of [
      'validation-error',
      'start-method-error',
      'daily-call-object-creation-error',
      'daily-call-join-error',
    ]) {
      expect(callReducer(joining, { type: 'error', errorType, error: {} }).phase).toBe('error');
    }
    const inCall = joined();
    for (const errorType of [
      'audio-processing-setup-error',
      'audio-observer-setup-error',
      'video-recording-setup-error',
    ]) {
      const state = callReducer(inCall, { type: 'error', errorType, error: {} });
      expect(state.phase).toBe('joined');
      expect(state.warning).toBe(CALL_ERROR_MESSAGES[errorType]);
    }
  });

  it("adds the platform's reason to a refused start, and keeps the error through the call end", () => {
    const refused = run([
      { type: 'start' },
      {
        type: 'error',
        errorType: 'start-method-error',
        error: { message: { message: ['assistantId must be a UUID'], statusCode: 400 } },
      },
      { type: 'started', callId: null },
      { type: 'call-end' },
    ]);
    expect(refused.phase).toBe('error');
    expect(refused.error?.message).toBe(
      `${CALL_ERROR_MESSAGES['start-method-error']} assistantId must be a UUID`,
    );
  });

  it.each([
    ['connection-error'],
    ['ejected'],
    ['end-of-life'],
    ['exp-room'],
    ['exp-token'],
    ['meeting-full'],
    ['nbf-room'],
    ['nbf-token'],
    ['not-allowed'],
    ['no-room'],
  ])('ends the call with its own message for the call client’s fatal kind %s', (kind) => {
    // As the SDK emits Daily's error event: serialized, the kind under error.error.type.
    const state = callReducer(joined(), {
      type: 'error',
      errorType: 'daily-error',
      error: { action: 'error', errorMsg: 'x', error: { type: kind, msg: 'x' } },
    });
    expect(state.phase).toBe('error');
    expect(state.error?.message).toBe(FATAL_KIND_MESSAGES[kind]);
  });

  it('gives every fatal kind a different message, and an unknown kind the generic one', () => {
    const messages = Object.values(FATAL_KIND_MESSAGES);
    expect(new Set(messages).size).toBe(messages.length);
    const state = callReducer(joined(), {
      type: 'error',
      errorType: 'daily-error',
      error: { errorMsg: 'something odd', error: { type: 'brand-new-kind' } },
    });
    expect(state.error?.message).toBe(`${CALL_ERROR_MESSAGES['daily-error']} something odd`);
  });

  it('keeps call-start-failed with its stage, reason and context beside the start error', () => {
    const failed = run([
      { type: 'start' },
      {
        type: 'start-failed',
        event: {
          stage: 'web-call-creation',
          totalDuration: 412,
          error: 'Assistant or Squad or Workflow must be provided.',
          errorStack: 'Error: …',
          timestamp: '2026-03-05T14:00:00.000Z',
          context: { hasAssistant: true, hasSquad: false, hasWorkflow: false, isMobile: true },
        },
      },
      { type: 'error', errorType: 'start-method-error', error: { message: 'refused' } },
      { type: 'started', callId: null },
    ]);
    expect(failed.phase).toBe('error');
    expect(failed.startFailure).toEqual({
      stage: 'web-call-creation',
      error: 'Assistant or Squad or Workflow must be provided.',
      totalDuration: 412,
      context: { hasAssistant: true, hasSquad: false, hasWorkflow: false, isMobile: true },
    });
    // A new start forgets it.
    expect(callReducer(failed, { type: 'start' }).startFailure).toBeNull();
  });

  it('explains each camera and microphone error kind', () => {
    for (const [kind, message] of Object.entries(DEVICE_ERROR_MESSAGES)) {
      // As the SDK emits it: the daily event serialized, its kind under error.type.
      const state = callReducer(joined(), {
        type: 'camera-error',
        error: { message: { type: kind }, error: { type: kind, msg: 'x' } },
      });
      expect(state).toMatchObject({ phase: 'joined', warning: message });
    }
  });
});

describe('variable values', () => {
  it('reads one name=value a line, skipping blank lines', async () => {
    const { parseVariableValues } = await import('./variable-values');
    expect(parseVariableValues('customerName = Pat\n\nvisit=cleaning=yes\n')).toEqual({
      values: { customerName: 'Pat', visit: 'cleaning=yes' },
    });
    expect(parseVariableValues('')).toEqual({ values: {} });
    expect(parseVariableValues('ok=1\nno value')).toEqual({
      error: 'Line 2: write name=value, the name in letters, digits and _.',
    });
    expect(parseVariableValues('1x=2')).toHaveProperty('error');
  });
});
