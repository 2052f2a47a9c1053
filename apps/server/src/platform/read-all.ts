import { CreatedAtPager, type Dated, type PageWindow } from './created-at-pager';

// Reading one of the platform's lists to its end, each the way the document pages it:
// - lists answered as a bare array (`/tool`, `/squad`, `/eval/simulation`, …) take `limit` and
//   createdAt bounds, in no stated order: they are read in createdAt windows (CreatedAtPager,
//   as call sync reads `/call`);
// - lists answered as a page (`{results, metadata}`: `/structured-output`, `/chat`, …) take
//   `page` (from 1) and `sortOrder`: they are read page after page, oldest first so a row added
//   meanwhile lands on a later page instead of pushing one already read onto the next, until
//   the metadata says there is no next page.
// Each row is handed out once (by id), whatever the platform repeats.

/** Every row of an array list, read in createdAt windows of `pageSize` rows. */
export async function readAllByCreatedAt<T extends Dated>(
  fetchPage: (window: PageWindow, limit: number) => Promise<T[]>,
  pageSize: number,
): Promise<T[]> {
  const pager = new CreatedAtPager(fetchPage, pageSize);
  const rows: T[] = [];
  for await (const page of pager.pages()) rows.push(...page);
  return rows;
}

export type Page<T> = {
  results: T[];
  metadata: { currentPage: number; totalPages?: number; hasNextPage?: boolean };
};

/** Every row of a paged list, `pageSize` rows a request, oldest first. */
export async function readAllPages<T extends { id: string }>(
  fetchPage: (query: { page: number; limit: number; sortOrder: 'ASC' }) => Promise<Page<T>>,
  pageSize: number,
): Promise<T[]> {
  const rows: T[] = [];
  const seen = new Set<string>();
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage({ page, limit: pageSize, sortOrder: 'ASC' });
    for (const row of answer.results) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
    const { hasNextPage, totalPages } = answer.metadata;
    const more =
      hasNextPage ??
      (totalPages !== undefined ? page < totalPages : answer.results.length >= pageSize);
    if (!more || answer.results.length === 0) return rows;
  }
}

/**
 * What one request has read already: the same list is read once per request however many
 * parts of the answer need it. A failed read is not kept.
 */
export class RequestReads {
  private readonly reads = new Map<string, Promise<unknown>>();

  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let pending = this.reads.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = read();
      this.reads.set(key, pending);
      pending.catch(() => this.reads.delete(key));
    }
    return pending;
  }
}
