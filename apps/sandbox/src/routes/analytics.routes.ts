import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import {
  ANALYTICS_COLUMNS,
  ANALYTICS_GROUP_BY,
  ANALYTICS_OPERATIONS,
  runAnalyticsQuery,
} from '../analytics/analytics';
import { checkBody } from '../http/document-validation';
import { badRequest } from '../http/errors';
import { isValidTimeZone } from '@switchboard/shared/format';
import { TIME_STEPS } from '../lib/time-zone';
import { isoDateString, parseIsoDate, parseOrThrow } from '../http/validation';

// POST /analytics: {queries:[…]} → one result per query. The body is checked against the
// platform's AnalyticsQueryDTO first, then against what the sandbox supports.

const SEVEN_DAYS_MS = 7 * 86_400_000;
const UNSUPPORTED_COLUMNS = ['concurrency', 'minutesUsed'];

const operationSchema = z.object({
  operation: z.enum([...ANALYTICS_OPERATIONS, 'history'], {
    error: `must be one of the following values: ${[...ANALYTICS_OPERATIONS, 'history'].join(', ')}`,
  }),
  column: z.enum([...ANALYTICS_COLUMNS, ...UNSUPPORTED_COLUMNS] as [string, ...string[]], {
    error: `must be one of the following values: ${[...ANALYTICS_COLUMNS, ...UNSUPPORTED_COLUMNS].join(', ')}`,
  }),
  alias: z
    .string({ error: 'must be a string' })
    .max(40, 'must be shorter than or equal to 40 characters')
    .optional(),
});

const querySchema = z.object({
  table: z.enum(['call', 'subscription'], {
    error: 'must be one of the following values: call, subscription',
  }),
  name: z
    .string({ error: 'must be a string' })
    .min(1, 'should not be empty')
    .max(40, 'must be shorter than or equal to 40 characters'),
  operations: z.array(operationSchema, { error: 'must be an array' }).min(1, 'should not be empty'),
  groupBy: z
    .array(
      z.enum(ANALYTICS_GROUP_BY, {
        error: `must be one of the following values: ${ANALYTICS_GROUP_BY.join(', ')}`,
      }),
      {
        error: 'must be an array',
      },
    )
    .optional(),
  groupByVariableValue: z.array(z.unknown(), { error: 'must be an array' }).optional(),
  timeRange: z
    .object(
      {
        start: isoDateString.optional(),
        end: isoDateString.optional(),
        step: z
          .enum(TIME_STEPS, {
            error: `must be one of the following values: ${TIME_STEPS.join(', ')}`,
          })
          .optional(),
        timezone: z
          .string({ error: 'must be a string' })
          .refine(isValidTimeZone, 'must be a valid IANA time zone')
          .optional(),
      },
      { error: 'must be an object' },
    )
    .optional(),
});

const bodySchema = z.object({
  queries: z.array(querySchema, { error: 'must be an array' }).min(1, 'should not be empty'),
});

export async function analyticsRoutes(
  app: FastifyInstance,
  { store }: SandboxContext,
): Promise<void> {
  app.post('/analytics', async (request, reply) => {
    const body = parseOrThrow(bodySchema, checkBody('POST', '/analytics', request.body));
    const now = Date.now();
    const results = body.queries.map((query, n) => {
      const where = `queries.${n}`;
      if (query.table !== 'call')
        throw badRequest(`${where}.table: the sandbox only supports table "call"`);
      const operations = query.operations.map((spec, m) => {
        if (spec.operation === 'history') {
          throw badRequest(
            `${where}.operations.${m}.operation: "history" is not supported by the sandbox`,
          );
        }
        if (UNSUPPORTED_COLUMNS.includes(spec.column)) {
          throw badRequest(
            `${where}.operations.${m}.column: "${spec.column}" belongs to the subscription table`,
          );
        }
        if (spec.column === 'id' && spec.operation !== 'count') {
          throw badRequest(`${where}.operations.${m}: column "id" can only be counted`);
        }
        return {
          operation: spec.operation,
          column: spec.column as (typeof ANALYTICS_COLUMNS)[number],
          alias: spec.alias,
        };
      });
      const end = query.timeRange?.end ? (parseIsoDate(query.timeRange.end) ?? now) : now;
      const start = query.timeRange?.start
        ? (parseIsoDate(query.timeRange.start) ?? end)
        : end - SEVEN_DAYS_MS;
      if (start > end) throw badRequest(`${where}.timeRange.start must be before timeRange.end`);
      return runAnalyticsQuery(store, {
        name: query.name,
        operations,
        groupBy: query.groupBy,
        start,
        end,
        step: query.timeRange?.step,
        timezone: query.timeRange?.timezone ?? 'UTC',
      });
    });
    return reply.status(201).send(results);
  });
}
