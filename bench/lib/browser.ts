/**
 * Debian's Chromium for the browser benchmarks (`CHROMIUM_PATH` for another), with the flags
 * the e2e tests use too (scripts/chromium-flags.mjs).
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags.mjs';

export { CHROMIUM_FLAGS };

export const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium through Playwright, headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: [...CHROMIUM_FLAGS] });
}
