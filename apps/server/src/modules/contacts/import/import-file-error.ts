import { AppError } from '../../../lib/app-error';

/**
 * What a person is told when a whole file is refused. Row-level problems are not here: they are
 * reported per line by `toContactRow` and the import carries on.
 */
export const IMPORT_MESSAGES = {
  empty: 'The file is empty.',
  headerOnly: 'The file has a header row but no contacts.',
  unsupported: 'This file is neither a CSV file nor an Excel (.xlsx) workbook.',
  legacyXls:
    'Old Excel files (.xls) and password-protected workbooks are not supported: save the sheet as .xlsx or CSV.',
  encoding:
    'The file is not readable text (it is neither UTF-8 nor Latin-1). Save it as "CSV UTF-8" and try again.',
  zipBomb: (maxMb: number) =>
    `The workbook expands to more than the allowed size (${maxMb} MB uncompressed), so it was not opened.`,
  tooManyEntries: 'The workbook contains too many parts to be a contact list.',
  notWorkbook: 'This zip file is not an Excel workbook.',
  damaged: 'The workbook is damaged and cannot be read.',
  tooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB.`,
  noSheet: 'The workbook has no worksheet with data.',
  brokenHeader: (line: number) =>
    `The header row (line ${line}) could not be read: a quoted value is never closed.`,
} as const;

export type ImportFileProblem = keyof typeof IMPORT_MESSAGES;

/**
 * A file refused as a whole: nothing from it is imported. It is an AppError so the server's one
 * error handler turns it into the usual wire shape with the message as written above.
 */
export class ImportFileError extends AppError {
  constructor(
    readonly problem: ImportFileProblem,
    message: string,
  ) {
    super(problem === 'tooLarge' ? 'IMPORT_FILE_TOO_LARGE' : 'IMPORT_FILE_REJECTED', message);
    this.name = 'ImportFileError';
  }
}

type FixedProblem = {
  [K in ImportFileProblem]: (typeof IMPORT_MESSAGES)[K] extends string ? K : never;
}[ImportFileProblem];

export const importFileError = (problem: FixedProblem) =>
  new ImportFileError(problem, IMPORT_MESSAGES[problem]);
