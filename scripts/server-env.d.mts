// Types of server-env.mjs for the TypeScript that imports it (the benchmarks).
export function sandboxServerEnv(
  options: { dataDir: string; port?: number; logLevel?: string; inherit?: boolean },
  more?: Record<string, string>,
): NodeJS.ProcessEnv;
export const SERVER_NODE_OPTIONS: string[];
export const SERVER_MALLOC_ENV: Record<string, string>;
