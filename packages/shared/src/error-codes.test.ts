import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, errorStatusOf } from './error-codes';
import { errorCodeSchema } from './errors';

describe('the status of each error code', () => {
  it('gives every code the server sends a status', () => {
    expect(errorCodeSchema.options).toEqual(ERROR_CODES);
    for (const code of ERROR_CODES) {
      expect(Object.hasOwn(ERROR_STATUS, code), code).toBe(true);
      expect(errorStatusOf(code), code).toBe(ERROR_STATUS[code]);
    }
  });

  it('answers each with a client or server error status HTTP names', () => {
    for (const code of ERROR_CODES) {
      const status = errorStatusOf(code);
      expect(Number.isInteger(status), code).toBe(true);
      expect(status >= 400 && status < 600, `${code} answers ${status}`).toBe(true);
      expect(STATUS_CODES[status], `${code} answers ${status}`).toBeDefined();
    }
  });

  it.each([
    ['VALIDATION_ERROR', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['PLATFORM_REJECTED', 422],
    ['RATE_LIMITED', 429],
    ['INTERNAL_ERROR', 500],
    ['PLATFORM_ERROR', 502],
    ['SERVICE_UNAVAILABLE', 503],
  ] as const)('answers %s with %i', (code, status) => {
    expect(errorStatusOf(code)).toBe(status);
  });
});
