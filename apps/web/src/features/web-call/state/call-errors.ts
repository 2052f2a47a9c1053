/**
 * What the user reads for each error the web SDK (`@vapi-ai/web` 2.7.1) emits (the error catalogue), and for
 * the call client's camera/microphone error kinds.
 */

/** The SDK's `error` event types. */
export const CALL_ERROR_MESSAGES: Record<string, string> = {
  'validation-error': 'The call could not start: choose an agent to talk to.',
  'start-method-error': 'The voice platform refused to start the call.',
  'daily-call-object-creation-error': 'The call client could not be created in this browser.',
  'daily-call-join-error': 'Could not join the call room.',
  'daily-error': 'The call connection failed.',
  'video-recording-setup-error':
    'Video recording could not be started; the call goes on without it.',
  'audio-observer-setup-error':
    'The assistant’s audio level cannot be measured; the volume meter and speaking indicator will stay still.',
  'audio-processing-setup-error':
    'Noise cancellation could not be turned on; the call goes on without it.',
  'audio-processor-recovery-error':
    'Noise cancellation failed and the microphone could not be restored; try muting and unmuting.',
  'audio-start-failed':
    'The assistant’s audio could not start playing. Click anywhere on the page to allow sound.',
  'reconnect-error': 'Could not reconnect to the call.',
};

/** Errors after which the call cannot go on (the others are warnings during a call). */
export const FATAL_CALL_ERRORS = new Set([
  'validation-error',
  'start-method-error',
  'daily-call-object-creation-error',
  'daily-call-join-error',
  'daily-error',
  'reconnect-error',
]);

/**
 * The call client's fatal error kinds (the error catalogue; daily-js's DailyFatalErrorType), each with what
 * it means for the caller. The SDK reports them as its `daily-error` with the call client's
 * event inside (`error.error.type`).
 */
export const FATAL_KIND_MESSAGES: Record<string, string> = {
  'connection-error': 'The connection to the call was lost. Check your network and start again.',
  ejected: 'You were removed from the call.',
  'end-of-life': 'This browser’s call client is too old for the call service. Update the page.',
  'exp-room': 'The call’s room has expired.',
  'exp-token': 'Your pass to the call has expired. Start the call again.',
  'meeting-full': 'The call’s room is full.',
  'nbf-room': 'The call’s room is not open yet.',
  'nbf-token': 'Your pass to the call is not valid yet. Check your computer’s clock.',
  'not-allowed': 'You are not allowed to join this call.',
  'no-room': 'The call’s room does not exist (the call may have ended already).',
};

/** The fatal kind a `daily-error` carries, if it names one. */
export function fatalKindOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const inner = (error as { error?: unknown }).error;
  const kind = inner && typeof inner === 'object' ? (inner as { type?: unknown }).type : undefined;
  return typeof kind === 'string' ? kind : undefined;
}

/** Camera/microphone error kinds of the call client (the error catalogue). */
export const DEVICE_ERROR_MESSAGES: Record<string, string> = {
  'cam-mic-in-use': 'The camera and microphone are in use by another application.',
  'cam-in-use': 'The camera is in use by another application.',
  'mic-in-use': 'The microphone is in use by another application.',
  constraints: 'The chosen microphone or camera cannot provide what the call needs.',
  'not-found': 'No microphone was found. Connect one and choose it under Devices.',
  permissions:
    'The browser was not allowed to use the microphone. Allow it in the address bar and start again.',
  'undefined-mediadevices':
    'This page cannot reach the microphone: the browser allows it only on a secure (https) page.',
  unknown: 'The microphone or camera could not be started.',
};

/** The detail the SDK carries, when it is text worth showing (a platform message, a reason). */
export function errorDetail(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return typeof error === 'string' ? error : undefined;
  const { message, errorMsg, msg } = error as {
    message?: unknown;
    errorMsg?: unknown;
    msg?: unknown;
  };
  for (const candidate of [message, errorMsg, msg]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
    if (candidate && typeof candidate === 'object') {
      // A platform refusal: the NestJS body {message: string | string[], …}.
      const inner = (candidate as { message?: unknown }).message;
      if (typeof inner === 'string') return inner;
      if (Array.isArray(inner)) return inner.join('; ');
    }
  }
  return undefined;
}

/** "Message. Detail" for an SDK error event. */
export function callErrorMessage(type: string, error: unknown): string {
  const kind = type === 'daily-error' ? fatalKindOf(error) : undefined;
  if (kind && FATAL_KIND_MESSAGES[kind]) return FATAL_KIND_MESSAGES[kind];
  const base = CALL_ERROR_MESSAGES[type] ?? 'Something went wrong with the call.';
  const detail = errorDetail(error);
  return detail && !base.includes(detail) ? `${base} ${detail}` : base;
}

/** The message for a camera-error event (its `error.type` kind). */
export function deviceErrorMessage(error: unknown): string {
  const kind =
    error && typeof error === 'object'
      ? ((error as { error?: { type?: unknown }; type?: unknown }).error?.type ??
        (error as { type?: unknown }).type)
      : undefined;
  return (
    DEVICE_ERROR_MESSAGES[typeof kind === 'string' ? kind : 'unknown'] ??
    DEVICE_ERROR_MESSAGES.unknown!
  );
}
