import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../../apps/server/src/db/client';

/**
 * The plans (`EXPLAIN (ANALYZE, BUFFERS)`) of the statements `run` sends, exactly as the
 * repository builds them: `run` gets a stand-in for the database whose `execute` explains the
 * query instead and answers no rows. One plan (its lines) per statement, in order.
 */
export async function explainQueries(
  db: Db,
  run: (explaining: Db) => Promise<unknown>,
): Promise<string[][]> {
  const plans: string[][] = [];
  const explaining = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return async (query: SQL) => {
        const rows = await executeRows<Record<string, unknown>>(
          target,
          sql`explain (analyze, buffers) ${query}`,
        );
        plans.push(rows.map((row) => String(row['QUERY PLAN'])));
        return { rows: [] };
      };
    },
  });
  await run(explaining);
  return plans;
}

/** The indexes a plan reads (index, index-only and bitmap index scans), in plan order. */
export function indexesIn(plan: string[]): string[] {
  const names: string[] = [];
  for (const line of plan) {
    const match =
      /(Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/.exec(line);
    if (match) names.push(`${match[1]} ${match[2]}`);
  }
  return [...new Set(names)];
}
