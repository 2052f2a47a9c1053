import type { FastifyServerOptions } from 'fastify';

/** LOG_FORMAT: `auto` picks by where the logs go; `pretty` and `json` force one. */
export const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

type LogChoice = {
  format: LogFormat;
  env: 'development' | 'production' | 'test';
  /** Whether stdout is a terminal (process.stdout.isTTY). */
  stdoutIsTTY: boolean;
};

/**
 * What the server writes: readable lines for a person at a terminal (`npm start`, `npm run
 * dev`), JSON lines for everything else (a pipe, a file, a container's log driver), which log
 * collectors parse. Tests always get JSON, whatever runs them.
 */
export function chooseLogFormat({ format, env, stdoutIsTTY }: LogChoice): 'pretty' | 'json' {
  if (format !== 'auto') return format;
  if (env === 'test') return 'json';
  if (env === 'development') return 'pretty';
  return stdoutIsTTY ? 'pretty' : 'json';
}

/** Fastify's logger options for the chosen format at the configured level. */
export function loggerOptions(
  config: { logLevel: string; logFormat: LogFormat; env: LogChoice['env'] },
  stdoutIsTTY: boolean = process.stdout.isTTY === true,
): NonNullable<FastifyServerOptions['logger']> {
  const format = chooseLogFormat({ format: config.logFormat, env: config.env, stdoutIsTTY });
  if (format === 'pretty') {
    return {
      level: config.logLevel,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', colorize: stdoutIsTTY },
      },
    };
  }
  return { level: config.logLevel };
}
