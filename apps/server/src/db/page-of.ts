/** A page of a list and how many rows the whole list has, as the list repositories answer it. */
export type PageOf<T> = { rows: T[]; total: number };

/**
 * Runs a list's page query and its count query side by side: `rows` the page (with its limit
 * and offset), `counted` a `select({ n: count() })` over the same filter.
 */
export async function pageOf<T>(
  rows: PromiseLike<T[]>,
  counted: PromiseLike<{ n: number }[]>,
): Promise<PageOf<T>> {
  const [page, [all]] = await Promise.all([rows, counted]);
  return { rows: page, total: Number(all?.n ?? 0) };
}
