/**
 * Debian's Chromium for the browser benchmarks (`CHROMIUM_PATH` for another), with the flags
 * these machines need: no sandbox as root, and no background networking (the network is
 * closed, and those connections would only fail noisily).
 */
import { chromium, type Browser } from 'playwright-core';

export const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium through Playwright, headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS });
}
