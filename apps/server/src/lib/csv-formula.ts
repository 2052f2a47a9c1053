/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with a "'"
 * before it, so opening an export never runs anything. A phone number in international form —
 * "+" and digits only — is no formula: it is written as it is, so the file can be imported
 * again and the number reads the same (decision 021). Nor is a lone "-" (a missing value).
 */
export function escapeFormula(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value) || /^\+\d+$/.test(value) || value === '-') return value;
  return `'${value}`;
}

/** csv-stringify's `cast` option that applies `escapeFormula` to every text cell. */
export const escapeFormulasCast = { string: escapeFormula };
