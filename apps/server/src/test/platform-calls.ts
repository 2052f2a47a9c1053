/**
 * A platform Call as the sandbox and the webhook carry it: org-1's assistant asst-1, an inbound
 * phone call that has ended. `fields` add to it or replace its own (a test's times, reason, cost).
 */
export function endedInboundCall(id: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    orgId: 'org-1',
    assistantId: 'asst-1',
    type: 'inboundPhoneCall',
    status: 'ended',
    ...fields,
  };
}
