// Types of server-env.mjs for the TypeScript that imports it (the benchmarks).
export function sandboxServerEnv(
  options: { dataDir: string; port?: number; logLevel?: string; inherit?: boolean },
  more?: Record<string, string>,
): NodeJS.ProcessEnv;
