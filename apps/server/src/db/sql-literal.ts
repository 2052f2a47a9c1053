/**
 * SQL text rendered from the shared rules' constants, for the places drizzle needs literal SQL
 * rather than bound parameters: a generated column's expression is DDL, so its values must be
 * spelled out in the statement (schema/calls.ts). Each helper quotes what it is given, so a
 * constant can never change the statement's shape.
 */

/** A PostgreSQL string literal: single quotes doubled (standard_conforming_strings is on). */
export function quoteSqlString(value: string): string {
  // PostgreSQL text cannot hold NUL; refuse it here rather than let the DDL fail obscurely.
  if (value.includes('\0')) throw new Error('A SQL string literal cannot contain NUL');
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * A regular expression (PostgreSQL's ARE, as `~*` reads it) matching any of `substrings`
 * literally: every metacharacter is escaped, so the SQL match is the same as the TypeScript
 * rule's `includes`.
 */
export function substringAlternation(substrings: readonly string[]): string {
  if (substrings.length === 0) throw new Error('An alternation needs at least one substring');
  const escaped = substrings.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `(${escaped.join('|')})`;
}

/** A PostgreSQL interval literal of whole or fractional seconds, e.g. interval '30 seconds'. */
export function intervalSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) throw new Error(`Not a number of seconds: ${seconds}`);
  return `interval ${quoteSqlString(`${seconds} seconds`)}`;
}
