import { endedInboundCall } from '../../test/platform-calls';

/**
 * For tests: a platform call from `customer` to `assistantId`, ended by the caller, `minute`
 * minutes after noon UTC on 10 March 2026 (45 s long, updated a minute after it began).
 */
export function customerCall(id: string, minute: number, customer: string, assistantId: string) {
  const created = Date.parse('2026-03-10T12:00:00.000Z') + minute * 60_000;
  return endedInboundCall(id, {
    assistantId,
    endedReason: 'customer-ended-call',
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + 60_000).toISOString(),
    startedAt: new Date(created).toISOString(),
    endedAt: new Date(created + 45_000).toISOString(),
    cost: 0.2,
    customer: { number: customer },
  });
}
