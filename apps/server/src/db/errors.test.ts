import { describe, expect, it } from 'vitest';
import { isConnectionLoss } from './errors';

const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** How Drizzle hands a driver error on: wrapped, with the driver's error as the cause. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select 1'), { cause }) as Error;

describe('isConnectionLoss', () => {
  it.each([
    [
      'a terminated backend (57P01)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a crash shutdown (57P02)', pgError('57P02')],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', pgError('53300')],
    ['connection_failure (08006)', pgError('08006')],
    ['connection_does_not_exist (08003)', pgError('08003')],
    ['sqlclient_unable_to_establish_sqlconnection (08001)', pgError('08001')],
    ['a refused socket', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset socket', pgError('ECONNRESET', 'read ECONNRESET')],
    ['a socket closed under the query', new Error('Connection terminated unexpectedly')],
    [
      'a client that already broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a wrapped terminated backend', wrapped(pgError('57P01'))],
    ['a wrapped closed socket', wrapped(new Error('Connection terminated unexpectedly'))],
  ])('%s is a connection loss', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(pgError('23505', 'duplicate key value'))],
    ['a bad text representation', pgError('22P02', 'invalid input syntax for type uuid')],
    ['a NUL in text', pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00')],
    ['a statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['a plain error', new Error('something else')],
    ['not an error', undefined],
  ])('%s is not', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });
});
