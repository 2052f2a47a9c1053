// Types of build-server.mjs for the TypeScript that imports it (the test set-up).
export function buildServer(): Promise<void>;
export function serverBuildIsStale(): boolean;
export function buildServerIfNeeded(): Promise<void>;
