/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with a "'"
 * before it, so opening an export never runs anything. A phone number is no formula, whatever
 * its length or whether it is valid: it is written as it is, so the file can be imported again
 * and the number reads the same (decisions 021 and 066). A phone number here is a "+" and a
 * digit, then only what people write in one — digits, spaces, brackets, dots, slashes and
 * hyphens — ("+44 20 7946 0958", "+1 (415) 555-0123", "+353 87", the too-short "+1 555-01"),
 * or several such numbers joined by Google Contacts' " ::: ". Such a cell has no letter, so no
 * function, reference or DDE command: a spreadsheet that tried it as a formula could only
 * compute a number or an error. Nor is a lone "-" (a missing value).
 */
export function escapeFormula(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value) || isWrittenPhoneNumber(value) || value === '-') return value;
  return `'${value}`;
}

const WRITTEN_PHONE = /^\+\d[\d ()./-]*$/;

/** One number as people write it in international form, or several joined by " ::: ". */
export function isWrittenPhoneNumber(value: string): boolean {
  return value.split(/ ?::: ?/).every((one) => WRITTEN_PHONE.test(one));
}

/** csv-stringify's `cast` option that applies `escapeFormula` to every text cell. */
export const escapeFormulasCast = { string: escapeFormula };
