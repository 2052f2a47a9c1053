import { SandboxCallObject, type SandboxCallObjectOptions } from './sandbox-call-object';

/**
 * What `@daily-co/daily-js` is in this app (a Vite alias, see vite.config.ts): the one call
 * client `@vapi-ai/web` drives. In live mode it is the real daily-js, loaded on demand (its own
 * chunk, and it fetches Daily's call machine from Daily's CDN); in sandbox mode it is our
 * SandboxCallObject, and the real daily-js is never loaded. The SDK's own code (start stages,
 * events, audio-level and call-end handling) is the same in both.
 *
 * `chooseCallClientMode()` must have resolved before `new Vapi()` is started.
 */

type CallObjectFactory = { createCallObject: (options?: SandboxCallObjectOptions) => unknown };

let mode: 'live' | 'sandbox' | undefined;
let realDaily: CallObjectFactory | undefined;

export async function chooseCallClientMode(next: 'live' | 'sandbox'): Promise<void> {
  if (next === 'live' && !realDaily) {
    const loaded = await import('@daily-co/daily-js/dist/daily-esm.js');
    realDaily = loaded.default;
  }
  mode = next;
}

export function callClientMode(): 'live' | 'sandbox' | undefined {
  return mode;
}

const DailyIframe = {
  createCallObject(options?: SandboxCallObjectOptions): unknown {
    if (mode === 'sandbox') return new SandboxCallObject(options);
    if (mode === 'live' && realDaily) return realDaily.createCallObject(options);
    throw new Error('The call client is not ready: its mode was not chosen before the call.');
  },
};

export default DailyIframe;
