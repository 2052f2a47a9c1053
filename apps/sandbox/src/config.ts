import { z } from 'zod';
import type { SandboxOptions } from './sandbox';

// Settings of the standalone sandbox (`npm start -w apps/sandbox`); the only reader of
// process.env in this app. In-process use passes options to createSandbox() instead.

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  SANDBOX_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(4010),
  SANDBOX_HOST: z.string().trim().min(1).default('127.0.0.1'),
  SANDBOX_PUBLIC_URL: optionalString.pipe(z.url('must be a URL').optional()),
  VAPI_API_KEY: z.string().trim().min(1).default('sandbox-private-key'),
  VAPI_PUBLIC_KEY: z.string().trim().min(1).default('sandbox-public-key'),
  SANDBOX_SEED: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .default(42),
  SANDBOX_CALLS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(20_000_000, 'must be at most 20000000')
    .default(6000),
  SANDBOX_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be positive')
    .max(3650)
    .default(90),
  SANDBOX_SIMULATOR_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .default(0),
  SANDBOX_SERVER_URL: optionalString.pipe(z.url('must be a URL').optional()),
  SANDBOX_WEBHOOK_SECRET: optionalString,
  SANDBOX_WEBHOOK_AUTH: z.enum(['secret-header', 'bearer', 'hmac']).default('secret-header'),
  SANDBOX_RECORDING_URLS: z.enum(['public', 'none']).default('public'),
  SANDBOX_RECORDING_LINK_TTL_SECONDS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1)
    .max(7 * 24 * 3600)
    .default(300),
  // The org's concurrency limit (the platform's default is 10).
  SANDBOX_CONCURRENCY_LIMIT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1)
    .default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type SandboxEnv = z.input<typeof envSchema>;

export function loadSandboxConfig(
  env: Record<string, string | undefined> = process.env,
): SandboxOptions {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid sandbox configuration:\n${problems.join('\n')}`);
  }
  const c = parsed.data;
  const secret = c.SANDBOX_WEBHOOK_SECRET;
  const url = c.SANDBOX_SERVER_URL;
  // The demo assistants' server authenticates as the platform would be told to: a static
  // header, a bearer header, or an HMAC webhook credential its credentialId names.
  const hmacCredentialId = '00000000-0000-4000-8000-00000000c0de';
  const server =
    url === undefined
      ? undefined
      : !secret
        ? { url }
        : c.SANDBOX_WEBHOOK_AUTH === 'bearer'
          ? { url, headers: { authorization: `Bearer ${secret}` } }
          : c.SANDBOX_WEBHOOK_AUTH === 'hmac'
            ? { url, credentialId: hmacCredentialId }
            : { url, headers: { 'x-vapi-secret': secret } };
  return {
    privateKey: c.VAPI_API_KEY,
    publicKey: c.VAPI_PUBLIC_KEY,
    seed: c.SANDBOX_SEED,
    days: c.SANDBOX_DAYS,
    totalCalls: c.SANDBOX_CALLS,
    host: c.SANDBOX_HOST,
    port: c.SANDBOX_PORT,
    logLevel: c.LOG_LEVEL,
    concurrencyLimit: c.SANDBOX_CONCURRENCY_LIMIT,
    recordings: {
      publicUrls: c.SANDBOX_RECORDING_URLS === 'public',
      linkTtlSeconds: c.SANDBOX_RECORDING_LINK_TTL_SECONDS,
    },
    ...(c.SANDBOX_PUBLIC_URL ? { publicUrl: c.SANDBOX_PUBLIC_URL } : {}),
    ...(server ? { server } : {}),
    ...(c.SANDBOX_SIMULATOR_INTERVAL_MS > 0
      ? { simulator: { intervalMs: c.SANDBOX_SIMULATOR_INTERVAL_MS } }
      : {}),
    ...(secret && c.SANDBOX_WEBHOOK_AUTH === 'hmac'
      ? {
          credentials: [
            {
              id: hmacCredentialId,
              authenticationPlan: {
                type: 'hmac' as const,
                secretKey: secret,
                algorithm: 'sha256' as const,
              },
            },
          ],
        }
      : {}),
  };
}
