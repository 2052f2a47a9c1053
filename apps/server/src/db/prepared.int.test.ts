import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databaseTargets } from '../test/test-app';
import { executeRows } from './client';
import { JsonbText, positionalSql, preparedQuery } from './prepared';

// Text a platform payload may carry: accents, CJK, emoji (surrogate pairs in JavaScript, four
// bytes in UTF-8), escapes JSON writes, and the largest code points below and above the BMP.
const AWKWARD = [
  'Zoë’s café — naïve façade',
  '予約は金曜日の午後3時です',
  'Booked 🦷✨ for Friday 👍🏽',
  'quote " backslash \\ slash / tab \t line\nbreak',
  '\u00a0\u2028\u2029\uffff\u{10ffff}',
];

describe.each(databaseTargets)('a jsonb parameter given as JsonbText on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp(target, { SANDBOX_CALLS: '0' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const STATEMENT =
    'select $1::jsonb as value, octet_length($1::jsonb::text) as bytes, $2::text as other';

  it('reaches the database as the same JSON, prepared or through Drizzle', async () => {
    const prepared = preparedQuery(ctx.app.database.db)!;
    expect(prepared).toBeDefined();
    // Small and large: Node.js pools buffers under 4 KB, so both kinds of buffer are sent.
    for (const value of [
      { lines: AWKWARD },
      { lines: Array.from({ length: 400 }, (_, i) => `${AWKWARD[i % AWKWARD.length]} ${i}`) },
      [],
      'just a string',
      12.5,
    ]) {
      const json = JSON.stringify(value);
      const [row] = await prepared<{ value: unknown; other: string }>(
        'sb_test_jsonb_text',
        STATEMENT,
        [new JsonbText(json), 'plain'],
      );
      expect(row?.value).toEqual(value);
      expect(row?.other).toBe('plain');
      const [viaDrizzle] = await executeRows<{ value: unknown }>(
        ctx.app.database.db,
        positionalSql(STATEMENT, [new JsonbText(json), 'plain']),
      );
      expect(viaDrizzle?.value).toEqual(value);
    }
  });

  it('is refused as the text would be when it is not JSON', async () => {
    const prepared = preparedQuery(ctx.app.database.db)!;
    await expect(
      prepared('sb_test_jsonb_text_bad', STATEMENT, [new JsonbText('{"unclosed": '), null]),
    ).rejects.toThrow(/invalid input syntax for type json/);
  });
});
