import { describe, expect, it } from 'vitest';
import { wireErrorSchema } from './errors';
import { readWireError } from './wire-error';

const issues = [
  { path: 'body.email', message: 'Enter an email address' },
  { path: ['body', 'phones', 0], message: 'Enter a phone number' },
];

const payloads: unknown[] = [
  { error: { code: 'NOT_FOUND', message: 'Agent not found' }, requestId: 'r1' },
  {
    error: { code: 'VALIDATION_ERROR', message: 'Check the form', details: { issues } },
    requestId: 'r2',
  },
  { error: { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', message: 'Empty body' }, requestId: 'r3' },
  // Unknown keys are left out, as the schema leaves them out.
  { error: { code: 'NOT_FOUND', message: 'Gone', extra: 1 }, requestId: 'r4', stack: 'x' },
  {
    error: { code: 'NOT_FOUND', message: 'Gone', details: { issues: [], more: true } },
    requestId: 'r5',
  },
  // Not our error handler's answer.
  undefined,
  null,
  'Bad gateway',
  [],
  { message: 'Bad gateway' },
  { error: 'Bad gateway', requestId: 'r6' },
  { error: { code: 'NOT_FOUND', message: 'Gone' } },
  { error: { code: 'NO_SUCH_CODE', message: 'Gone' }, requestId: 'r7' },
  { error: { code: 404, message: 'Gone' }, requestId: 'r8' },
  { error: { code: 'NOT_FOUND' }, requestId: 'r9' },
  { error: { code: 'NOT_FOUND', message: 'Gone', details: null }, requestId: 'r10' },
  { error: { code: 'NOT_FOUND', message: 'Gone', details: { issues: 'x' } }, requestId: 'r11' },
  {
    error: { code: 'NOT_FOUND', message: 'Gone', details: { issues: [{ path: 'a' }] } },
    requestId: 'r12',
  },
  {
    error: {
      code: 'NOT_FOUND',
      message: 'Gone',
      details: { issues: [{ path: [true], message: 'm' }] },
    },
    requestId: 'r13',
  },
  { error: [], requestId: 'r14' },
];

describe('readWireError', () => {
  it.each(payloads.map((payload) => [JSON.stringify(payload), payload]))(
    'reads %s as wireErrorSchema does',
    (_name, payload) => {
      const parsed = wireErrorSchema.safeParse(payload);
      expect(readWireError(payload)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );
});
