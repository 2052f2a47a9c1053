/**
 * Text rules shared by every way text comes in.
 *
 * Refused in what people and the web app send (`findForbiddenText`):
 * - C0 control characters other than tab, line feed and carriage return. No one types them;
 *   NUL (U+0000) cannot be stored in a PostgreSQL text or jsonb value at all, and the others
 *   break CSV exports, logs and terminals that later show the text.
 * - unpaired UTF-16 surrogates (e.g. a JSON "\ud800" alone): not text. PostgreSQL refuses them
 *   in jsonb, and in text they would silently become U+FFFD.
 * DEL (U+007F) and the C1 range (U+0080–U+009F) are allowed: they are valid UTF-8 that
 * PostgreSQL stores, and legacy Windows-1252 text pasted from elsewhere can carry them.
 *
 * Cleaned out of what the voice platform and uploaded files send (`cleanText`, `cleanDeep`):
 * that text was not typed by the one who sends it and must be kept if at all possible, so the
 * same characters are dropped (an unpaired surrogate becomes U+FFFD) instead of refusing it.
 * One rule for both, so text that came in by a file or a call (a contact's name) can be sent
 * back unchanged by the edit form.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Why a string may not be taken, or undefined when it is fine. */
export function forbiddenTextProblem(text: string): string | undefined {
  const control = CONTROL.exec(text);
  if (control)
    return `contains a control character (${codePoint(control[0])}); only tabs and line breaks are allowed`;
  const surrogate = LONE_SURROGATE.exec(text);
  if (surrogate)
    return `contains an unpaired surrogate (${codePoint(surrogate[0])}), which is not text`;
  return undefined;
}

export type ForbiddenText = {
  path: string;
  /** Names the field: for the error's message. */
  message: string;
  /** Without the field: for the issue shown under the form's field. */
  problem: string;
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The first string (value or object key) in a parsed body, query or parameter set that breaks
 * the rule above, with its dotted path (`body.contact.name`, `querystring.q`, `body.tags.2`).
 * Walks iteratively, so a deeply nested body cannot exhaust the stack.
 */
export function findForbiddenText(value: unknown, root: string): ForbiddenText | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = forbiddenTextProblem(current);
      if (problem) return { path, message: `${path} ${problem}`, problem: capitalized(problem) };
      continue;
    }
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (Buffer.isBuffer(current)) continue;
    const entries: [string, unknown][] = Object.entries(current as Record<string, unknown>);
    // Pushed in reverse so the first field is looked at first and named first.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      const keyProblem = forbiddenTextProblem(key);
      if (keyProblem) {
        const problem = `A field name ${keyProblem}`;
        return { path, message: `A field name in ${path} ${keyProblem}`, problem };
      }
      stack.push({ value: child, path: `${path}.${key}` });
    }
  }
  return undefined;
}

// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF]/;

/** A quick test for the hot path (an import's cells): false means cleanText changes nothing. */
export const mayNeedCleaning = (text: string) => SUSPECT.test(text);

// The same characters written as JSON escapes (\u0000–\u001F, \uD800–\uDFFF), any case.
const ESCAPED_SUSPECT = /\\u(?:00[01][0-9a-f]|d[89a-f][0-9a-f]{2})/i;

/**
 * A quick test of a JSON text before it is parsed: false means no string or key of the parsed
 * value holds what cleanText drops, so cleanDeep would return an equal copy. (An escaped tab or
 * line break, or a backslash before a literal "u00…", answers true: cleaning then finds nothing.)
 */
export const jsonMayNeedCleaning = (json: string) =>
  CONTROL.test(json) || LONE_SURROGATE.test(json) || ESCAPED_SUSPECT.test(json);

/** The text without what the rule refuses: control characters dropped, unpaired surrogates → U+FFFD. */
export function cleanText(text: string): string {
  return text.replace(CONTROLS, '').replace(LONE_SURROGATES, '\uFFFD');
}

/**
 * A quick test of parsed JSON (plain objects, arrays, strings), walking it without copying:
 * false means no string or key holds what cleanText drops, so cleanDeep would return an equal
 * copy. (A string with an emoji, a surrogate pair, answers true: cleaning then finds nothing.)
 * The sync's pages are parsed by the platform's SDK, whose text is not at hand for
 * jsonMayNeedCleaning; cleanDeep copying every call cost ~0.3 s of a first start's 6,000 calls.
 */
export function valueMayNeedCleaning(value: unknown): boolean {
  if (typeof value === 'string') return SUSPECT.test(value);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (valueMayNeedCleaning(item)) return true;
    return false;
  }
  // cleanDeep leaves other objects (class instances) as they are.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key of Object.keys(value)) {
    if (SUSPECT.test(key) || valueMayNeedCleaning((value as Record<string, unknown>)[key]))
      return true;
  }
  return false;
}

/** A copy of parsed JSON with every string and key passed through cleanText. */
export function cleanDeep<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => cleanDeep(item)) as T;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) copy[cleanText(key)] = cleanDeep(child);
  return copy as T;
}
