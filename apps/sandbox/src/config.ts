import { z } from 'zod';

// The sandbox platform's own settings; the only reader of process.env in this app.
const envSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SANDBOX_HOST: z.string().trim().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type SandboxConfig = { port: number; host: string; logLevel: string };

export function loadSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid sandbox configuration:\n${problems.join('\n')}`);
  }
  return {
    port: parsed.data.SANDBOX_PORT,
    host: parsed.data.SANDBOX_HOST,
    logLevel: parsed.data.LOG_LEVEL,
  };
}
