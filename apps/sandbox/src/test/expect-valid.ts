import type { ValidateFunction } from 'ajv';
import { expect } from 'vitest';
import { describeErrors } from '../platform-document';

/**
 * Asserts that `value` passes `validate` (a schema of the platform's document), listing the
 * problems when it does not. Array positions are collapsed to `*`, so one problem in many items
 * is reported once.
 */
export function expectValid(validate: ValidateFunction, value: unknown, what?: string): void {
  const problems = validate(value)
    ? []
    : [
        ...new Set(
          describeErrors(validate.errors).map((m) => m.replace(/(^|\.)\d+(?=\.|$| )/g, '$1*')),
        ),
      ];
  expect(problems, what).toEqual([]);
}
