/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with a "'"
 * before it, so opening an export never runs anything. A phone number in international form is
 * no formula: it is written as it is, so the file can be imported again and the number reads
 * the same (decision 021) — "+" and digits, or as people write them ("+44 20 7946 0958",
 * "+1 (415) 555-0123"): a "+", a digit, then only digits, spaces, brackets, dots and hyphens,
 * at least seven digits in all. Such a cell has no letter, so no function, reference or DDE
 * command: a spreadsheet that tried it as a formula could only compute a number or an error.
 * Nor is a lone "-" (a missing value).
 */
export function escapeFormula(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value) || isWrittenPhoneNumber(value) || value === '-') return value;
  return `'${value}`;
}

function isWrittenPhoneNumber(value: string): boolean {
  return /^\+\d[\d ().-]*$/.test(value) && value.replace(/\D/g, '').length >= 7;
}

/** csv-stringify's `cast` option that applies `escapeFormula` to every text cell. */
export const escapeFormulasCast = { string: escapeFormula };
