import type VapiModule from '@vapi-ai/web';
import {
  TEST_CALL_METADATA,
  WEB_CALL_SDK_TOKEN,
  type WebCallConfig,
} from '@switchboard/shared/web-call';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { chooseCallClientMode } from '../call-client/daily-switch';
import { callReducer, canStart, initialCallState, needsLeave } from '../state/call-state';

type Vapi = VapiModule;

/**
 * The SDK, loaded with the first call (its own chunk: screens without a call never load it).
 * It is CommonJS (`exports.default = Vapi`); depending on the bundler's interop the default
 * import is the class or the exports object that holds it.
 */
async function loadVapi(): Promise<typeof VapiModule> {
  const loaded = (await import('@vapi-ai/web')).default;
  return (loaded as unknown as { default?: typeof VapiModule }).default ?? loaded;
}

/** What a web call starts: one of the business's agents (assistant) or squads, by id. */
export type WebCallTarget = { assistantId: string } | { squadId: string };

/** The say control's options (the call-control messages; the SDK's `say` arguments after the text). */
export type SayOptions = {
  endCallAfterSpoken: boolean;
  /** The caller's voice may interrupt the sentence. */
  interruptionsEnabled: boolean;
  /** The sentence cuts what the assistant is saying instead of waiting for it. */
  interruptAssistantEnabled: boolean;
};

type WebCallActions = {
  start: (target: WebCallTarget, variableValues: Record<string, string>) => Promise<void>;
  end: () => void;
  setMuted: (muted: boolean) => void;
  sendMessage: (text: string) => void;
  say: (text: string, options: SayOptions) => void;
  sayFirstMessage: () => void;
  setScreenSharing: (on: boolean) => void;
  setInputDevice: (deviceId: string) => Promise<void>;
  setOutputDevice: (deviceId: string) => void;
  dismissWarning: () => void;
};

/** The SDK's base URL: absolute, without a trailing slash (it appends "/call/web"). */
function sdkBaseUrl(apiBaseUrl: string): string {
  return new URL(apiBaseUrl, window.location.origin).toString().replace(/\/+$/, '');
}

/**
 * One `@vapi-ai/web` client for the panel, its events folded into the call state. The call
 * client behind it (real daily-js or the sandbox's) is chosen from the config before the SDK is
 * constructed; everything after that is the SDK's own code path.
 */
export function useWebCall(config: WebCallConfig | undefined) {
  const [state, dispatch] = useReducer(callReducer, initialCallState);
  const [video, setVideo] = useState(false);
  const [sharing, setSharing] = useState(false);
  const vapiRef = useRef<Vapi | null>(null);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const client = useCallback(async (): Promise<Vapi> => {
    if (vapiRef.current) return vapiRef.current;
    if (!config?.enabled) throw new Error('Web calls are not configured.');
    await chooseCallClientMode(config.mode);
    const Vapi = await loadVapi();
    // POST /call/web goes to our proxy, which checks the agent is the business's own and adds
    // the platform's public key itself: the browser has no key, only this fixed token.
    const vapi = new Vapi(
      WEB_CALL_SDK_TOKEN,
      sdkBaseUrl(config.apiBaseUrl),
      // Daily's call machine as a <script> from its CDN instead of eval (our CSP has no unsafe-eval).
      config.mode === 'live' ? { avoidEval: true } : undefined,
    );
    vapi.on('call-start-progress', (event) =>
      dispatch({
        type: 'progress',
        stage: event.stage,
        status: event.status,
        duration: event.duration,
      }),
    );
    vapi.on('call-start', () => dispatch({ type: 'call-start' }));
    vapi.on('call-end', () => {
      setSharing(false);
      dispatch({ type: 'call-end' });
    });
    vapi.on('message', (message: unknown) => dispatch({ type: 'message', message }));
    vapi.on('volume-level', (level) => dispatch({ type: 'volume', level }));
    vapi.on('speech-start', () => dispatch({ type: 'speech-start' }));
    vapi.on('speech-end', () => dispatch({ type: 'speech-end' }));
    vapi.on('local-volume-level', (level: number) =>
      dispatch({ type: 'mic-level', level, at: Date.now() }),
    );
    vapi.on('error', (event: { type?: string; error?: unknown }) =>
      dispatch({ type: 'error', errorType: event?.type ?? 'daily-error', error: event?.error }),
    );
    vapi.on('camera-error', (event: { error?: unknown }) =>
      dispatch({ type: 'camera-error', error: event?.error }),
    );
    vapi.on('call-start-failed', (event) => dispatch({ type: 'start-failed', event }));
    vapiRef.current = vapi;
    return vapi;
  }, [config]);

  useEffect(
    () => () => {
      // Leaving the screen ends the call (the room is hung up) and drops the client.
      const vapi = vapiRef.current;
      vapiRef.current = null;
      if (vapi) {
        void vapi.stop();
        vapi.removeAllListeners();
      }
    },
    [],
  );

  useEffect(() => {
    // Closing the tab, reloading or navigating away ends the call now (the platform is told, and
    // the sandbox room is hung up with a keepalive request), rather than leaving the call to
    // run on until the platform notices the caller has gone silent.
    const endOnLeave = () => {
      if (needsLeave(stateRef.current)) vapiRef.current?.end();
    };
    window.addEventListener('pagehide', endOnLeave);
    window.addEventListener('beforeunload', endOnLeave);
    return () => {
      window.removeEventListener('pagehide', endOnLeave);
      window.removeEventListener('beforeunload', endOnLeave);
    };
  }, []);

  const actions: WebCallActions = {
    start: async (target, variableValues) => {
      const refused = !canStart(stateRef.current);
      dispatch({ type: 'start' });
      if (refused) return;
      setVideo(false);
      try {
        const vapi = await client();
        const overrides = {
          variableValues,
          // The store marks calls carrying this as test calls (left out of analytics).
          metadata: { ...TEST_CALL_METADATA },
        };
        // A squad's call: its members take the same overrides (the platform applies
        // assistantOverrides to whichever member is speaking).
        const call =
          'squadId' in target
            ? await vapi.start(undefined, overrides, target.squadId)
            : await vapi.start(target.assistantId, overrides);
        const started = call;
        setVideo(
          Boolean(
            started?.artifactPlan?.videoRecordingEnabled ||
            started?.assistant?.voice?.provider === 'tavus',
          ),
        );
        dispatch({ type: 'started', callId: started?.id ?? null });
      } catch (error) {
        // Only the SDK's validation throws (its error event is already in the state); a
        // config or loading failure is reported here.
        if (stateRef.current.phase === 'joining') {
          dispatch({ type: 'error', errorType: 'daily-call-object-creation-error', error });
        }
      }
    },
    end: () => {
      // Leaving in the left or error state resolves at once (the call session's rule).
      if (!needsLeave(stateRef.current)) return;
      vapiRef.current?.end();
    },
    setMuted: (muted) => {
      const vapi = vapiRef.current;
      if (!vapi) return;
      try {
        vapi.setMuted(muted);
        dispatch({ type: 'muted', muted: vapi.isMuted() });
      } catch (error) {
        // "Call object is not available." when no call exists.
        dispatch({
          type: 'warning',
          message: error instanceof Error ? error.message : 'Could not change the microphone.',
        });
      }
    },
    sendMessage: (text) => {
      vapiRef.current?.send({
        type: 'add-message',
        message: { role: 'user', content: text },
        triggerResponseEnabled: true,
      });
    },
    say: (text, options) =>
      vapiRef.current?.say(
        text,
        options.endCallAfterSpoken,
        options.interruptionsEnabled,
        options.interruptAssistantEnabled,
      ),
    sayFirstMessage: () => vapiRef.current?.send({ type: 'control', control: 'say-first-message' }),
    setScreenSharing: (on) => {
      const vapi = vapiRef.current;
      if (!vapi) return;
      if (on) vapi.startScreenSharing();
      else vapi.stopScreenSharing();
      setSharing(on);
    },
    setInputDevice: async (deviceId) => {
      try {
        await vapiRef.current?.setInputDevicesAsync({ audioDeviceId: deviceId });
      } catch (error) {
        dispatch({ type: 'camera-error', error });
      }
    },
    setOutputDevice: (deviceId) =>
      vapiRef.current?.setOutputDeviceAsync({ outputDeviceId: deviceId }),
    dismissWarning: () => dispatch({ type: 'dismiss-warning' }),
  };

  return { state, video, sharing, actions };
}
