// Types of chromium-flags.mjs for the TypeScript that imports it (e2e, benchmarks).
export const CHROMIUM_FLAGS: readonly string[];
