import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, loggerOptions } from './log-format';

describe('chooseLogFormat', () => {
  it.each([
    // npm start at a terminal reads well; piped or in a container it is JSON lines.
    ['auto', 'production', true, 'pretty'],
    ['auto', 'production', false, 'json'],
    ['auto', 'development', false, 'pretty'],
    ['auto', 'test', true, 'json'],
    // LOG_FORMAT forces either, wherever stdout goes.
    ['json', 'production', true, 'json'],
    ['json', 'development', true, 'json'],
    ['pretty', 'production', false, 'pretty'],
  ] as const)('%s, NODE_ENV=%s, terminal %s → %s', (format, env, stdoutIsTTY, expected) => {
    expect(chooseLogFormat({ format, env, stdoutIsTTY })).toBe(expected);
  });
});

describe('loggerOptions', () => {
  it('sends the logs through pino-pretty at a terminal, keeping the level', () => {
    expect(
      loggerOptions({ logLevel: 'debug', logFormat: 'auto', env: 'production' }, true),
    ).toEqual({
      level: 'debug',
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', colorize: true },
      },
    });
  });

  it('writes plain JSON lines otherwise', () => {
    expect(
      loggerOptions({ logLevel: 'info', logFormat: 'auto', env: 'production' }, false),
    ).toEqual({ level: 'info' });
  });

  it('can load pino-pretty from the server package (a dependency, not only a dev one)', () => {
    const require = createRequire(import.meta.url);
    expect(() => require.resolve('pino-pretty')).not.toThrow();
    const pkg = require('../../package.json') as { dependencies: Record<string, string> };
    expect(pkg.dependencies['pino-pretty']).toBeDefined();
  });
});
