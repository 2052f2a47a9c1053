import { callErrorMessage, deviceErrorMessage, FATAL_CALL_ERRORS } from './call-errors';

/**
 * The "Talk to agent" panel's state, driven by the web SDK's events (the call session's
 * states: new, joining, joined, left, error). Pure, so every transition is unit-tested.
 */

export type CallPhase = 'new' | 'joining' | 'joined' | 'left' | 'error';

export type StageStatus = 'started' | 'completed' | 'failed';
export type StartStage = { stage: string; status: StageStatus; duration: number | null };

export type TranscriptLine = {
  id: number;
  role: string;
  text: string;
  final: boolean;
};

export type CallState = {
  phase: CallPhase;
  callId: string | null;
  /** The start stages in the order they began, each at its latest status. */
  stages: StartStage[];
  transcript: TranscriptLine[];
  nextLineId: number;
  assistantSpeaking: boolean;
  /** The assistant's volume, 0–1 (volume-level). */
  volume: number;
  muted: boolean;
  /** The last status-update's status and end reason. */
  status: string | null;
  endedReason: string | null;
  error: { type: string; message: string } | null;
  /** Something to tell the user that does not end the call. */
  warning: string | null;
  /** The SDK's call-start-failed: why the start failed, where, and with what it was started. */
  startFailure: StartFailure | null;
  /** When the microphone went quiet (ms), while unmuted; null while it hears something. */
  micQuietSince: number | null;
  micSilent: boolean;
};

/** Below this microphone level the caller is taken to be silent. */
export const MIC_SILENCE_LEVEL = 0.002;
/** How long the microphone must stay silent before the panel warns. */
export const MIC_SILENT_AFTER_MS = 6000;

export const MIC_SILENT_WARNING =
  'Your microphone has not picked up any sound for a while. Check that the right microphone is chosen and not muted in your system.';
export const ALREADY_STARTED_WARNING =
  'A call is already starting or running: end it before starting another.';

/** The SDK's call-start-failed event as shown (the error catalogue's rule: error, stack and context). */
export type StartFailure = {
  stage: string;
  error: string;
  totalDuration: number | null;
  context: { hasAssistant: boolean; hasSquad: boolean; hasWorkflow: boolean; isMobile: boolean };
};

export type CallEvent =
  | { type: 'start' }
  | { type: 'started'; callId: string | null }
  | { type: 'progress'; stage: string; status: StageStatus; duration?: number | undefined }
  | { type: 'call-start' }
  | { type: 'call-end' }
  | { type: 'message'; message: unknown }
  | { type: 'volume'; level: number }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | { type: 'mic-level'; level: number; at: number }
  | { type: 'muted'; muted: boolean }
  | { type: 'error'; errorType: string; error: unknown }
  | { type: 'camera-error'; error: unknown }
  | { type: 'start-failed'; event: unknown }
  | { type: 'warning'; message: string }
  | { type: 'dismiss-warning' };

export const initialCallState: CallState = {
  phase: 'new',
  callId: null,
  stages: [],
  transcript: [],
  nextLineId: 1,
  assistantSpeaking: false,
  volume: 0,
  muted: false,
  status: null,
  endedReason: null,
  error: null,
  warning: null,
  startFailure: null,
  micQuietSince: null,
  micSilent: false,
};

/** Whether a call may be started now (not while one is joining or joined). */
export function canStart(state: CallState): boolean {
  return state.phase !== 'joining' && state.phase !== 'joined';
}

/** Whether leaving needs the SDK: in left or error there is nothing to end (resolves at once). */
export function needsLeave(state: CallState): boolean {
  return state.phase === 'joining' || state.phase === 'joined';
}

function withTranscript(state: CallState, message: Record<string, unknown>): CallState {
  const role = typeof message.role === 'string' ? message.role : 'assistant';
  const text = typeof message.transcript === 'string' ? message.transcript : '';
  if (text === '') return state;
  const final = message.transcriptType === 'final';
  const lines = [...state.transcript];
  // A partial line of this speaker is replaced by its next partial or its final text.
  let open = -1;
  for (let n = lines.length - 1; n >= 0; n -= 1) {
    if (lines[n]!.role === role && !lines[n]!.final) {
      open = n;
      break;
    }
  }
  if (open >= 0) {
    lines[open] = { ...lines[open]!, text, final };
    return { ...state, transcript: lines };
  }
  lines.push({ id: state.nextLineId, role, text, final });
  return { ...state, transcript: lines, nextLineId: state.nextLineId + 1 };
}

function withMessage(state: CallState, message: unknown): CallState {
  if (!message || typeof message !== 'object') return state;
  const m = message as Record<string, unknown>;
  if (m.type === 'transcript') return withTranscript(state, m);
  if (m.type === 'status-update' && typeof m.status === 'string') {
    return {
      ...state,
      status: m.status,
      endedReason: typeof m.endedReason === 'string' ? m.endedReason : state.endedReason,
    };
  }
  return state;
}

/** The failure's fields, from the SDK's event (anything missing reads as unknown/false). */
export function startFailureOf(event: unknown): StartFailure {
  const e = (event && typeof event === 'object' ? event : {}) as Record<string, unknown>;
  const context = (e.context && typeof e.context === 'object' ? e.context : {}) as Record<
    string,
    unknown
  >;
  return {
    stage: typeof e.stage === 'string' && e.stage !== '' ? e.stage : 'unknown',
    error: typeof e.error === 'string' && e.error.trim() !== '' ? e.error : 'No reason given',
    totalDuration: typeof e.totalDuration === 'number' ? e.totalDuration : null,
    context: {
      hasAssistant: context.hasAssistant === true,
      hasSquad: context.hasSquad === true,
      hasWorkflow: context.hasWorkflow === true,
      isMobile: context.isMobile === true,
    },
  };
}

export function callReducer(state: CallState, event: CallEvent): CallState {
  switch (event.type) {
    case 'start':
      // Joining while joining or joined is refused with a warning (the call session's rule).
      if (!canStart(state)) return { ...state, warning: ALREADY_STARTED_WARNING };
      return { ...initialCallState, phase: 'joining', muted: false };
    case 'started':
      // start() answers null after a failure it already reported as an error event.
      if (event.callId === null) {
        if (state.phase === 'error' || state.phase === 'left') return state;
        return {
          ...state,
          phase: 'error',
          error: state.error ?? {
            type: 'start-method-error',
            message: callErrorMessage('start-method-error', undefined),
          },
        };
      }
      return { ...state, callId: event.callId };
    case 'progress': {
      if (event.stage === 'validation' && event.status === 'failed') {
        return { ...state, warning: ALREADY_STARTED_WARNING };
      }
      const stage: StartStage = {
        stage: event.stage,
        status: event.status,
        duration: event.duration ?? null,
      };
      const at = state.stages.findIndex((s) => s.stage === event.stage);
      const stages =
        at < 0 ? [...state.stages, stage] : state.stages.map((s, n) => (n === at ? stage : s));
      return { ...state, stages };
    }
    case 'call-start':
      if (state.phase !== 'joining') return state;
      return { ...state, phase: 'joined' };
    case 'call-end':
      if (state.phase === 'error') return { ...state, assistantSpeaking: false, volume: 0 };
      return { ...state, phase: 'left', assistantSpeaking: false, volume: 0, micSilent: false };
    case 'message':
      return withMessage(state, event.message);
    case 'volume':
      return { ...state, volume: Math.max(0, Math.min(1, event.level)) };
    case 'speech-start':
      return { ...state, assistantSpeaking: true };
    case 'speech-end':
      return { ...state, assistantSpeaking: false };
    case 'mic-level': {
      if (state.phase !== 'joined' || state.muted) {
        return { ...state, micQuietSince: null, micSilent: false };
      }
      if (event.level > MIC_SILENCE_LEVEL) {
        return state.micQuietSince === null && !state.micSilent
          ? state
          : { ...state, micQuietSince: null, micSilent: false };
      }
      const since = state.micQuietSince ?? event.at;
      const silent = event.at - since >= MIC_SILENT_AFTER_MS;
      if (since === state.micQuietSince && silent === state.micSilent) return state;
      return { ...state, micQuietSince: since, micSilent: silent };
    }
    case 'muted':
      return { ...state, muted: event.muted, micQuietSince: null, micSilent: false };
    case 'error': {
      const error = {
        type: event.errorType,
        message: callErrorMessage(event.errorType, event.error),
      };
      if (FATAL_CALL_ERRORS.has(event.errorType)) {
        return { ...state, phase: 'error', error, assistantSpeaking: false, volume: 0 };
      }
      return { ...state, warning: error.message };
    }
    case 'camera-error':
      return { ...state, warning: deviceErrorMessage(event.error) };
    case 'start-failed':
      // The SDK's start-method-error follows and ends the call; this keeps its context.
      return { ...state, startFailure: startFailureOf(event.event) };
    case 'warning':
      return { ...state, warning: event.message };
    case 'dismiss-warning':
      return { ...state, warning: null };
  }
}

/** The words for a phase, shown as the call's status. */
export const PHASE_LABELS: Record<CallPhase, string> = {
  new: 'Not started',
  joining: 'Connecting…',
  joined: 'In call',
  left: 'Call ended',
  error: 'Call failed',
};

/** The SDK's start stages in words (call-start-progress). */
export const STAGE_LABELS: Record<string, string> = {
  initialization: 'Preparing',
  'web-call-creation': 'Creating the web call',
  'daily-call-object-creation': 'Creating the call client',
  'mobile-permissions': 'Waiting for device permissions',
  'daily-call-join': 'Joining the call',
  'video-recording-setup': 'Setting up video recording',
  'video-recording-started': 'Video recording started',
  'audio-observer-setup': 'Listening for the assistant',
  'audio-processing-setup': 'Setting up noise cancellation',
};
