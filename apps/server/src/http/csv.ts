import type { FastifyReply } from 'fastify';

/**
 * Answers a CSV download (`text/csv; charset=utf-8` unless another type is given, e.g. with a
 * byte-order mark). `noStore`: a copy of the business's data, never kept by a cache.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  csv: unknown,
  options: { noStore?: boolean; contentType?: string } = {},
) {
  reply
    .type(options.contentType ?? 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`);
  if (options.noStore) reply.header('cache-control', 'no-store');
  return reply.send(csv);
}
