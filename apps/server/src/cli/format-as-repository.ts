import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, type FormatConfig } from 'oxfmt';

/** The repository's formatter settings: what `npm run format` and the check use. */
const CONFIG_FILE = fileURLToPath(new URL('../../../../.oxfmtrc.json', import.meta.url));

/**
 * A generated file's text as the repository's formatter writes it (decision 104), so that the
 * checked-in file passes the format check and a test can compare it with a new generation.
 */
export async function formatAsRepository(file: string, source: string): Promise<string> {
  const {
    $schema: _schema,
    ignorePatterns: _ignored,
    ...options
  } = JSON.parse(await fs.readFile(CONFIG_FILE, 'utf8')) as FormatConfig & {
    $schema?: string;
    ignorePatterns?: string[];
  };
  const result = await format(file, source, options);
  if (result.errors.length > 0) {
    const messages = result.errors.map((error) => error.message).join('; ');
    throw new Error(`Could not format ${file}: ${messages}`);
  }
  return result.code;
}
