import type { CallLogRow } from '@switchboard/shared/call-logs';

/** The agent whose calls the call-log tests list. */
export const AGENT_ID = 'asst_front_desk';

/** A passed inbound call from the front desk, as a row of the call log. */
export function buildCallLogRow(overrides: Partial<CallLogRow> = {}): CallLogRow {
  return {
    id: '3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b',
    displayId: '3f2a9c1e…',
    assistant: 'Front desk',
    assistantId: AGENT_ID,
    assistantPhone: '+353 1 555 0100',
    customerPhone: '+353 87 123 4567',
    callType: 'inbound',
    endReason: 'customer-ended-call',
    successEvaluation: 'pass',
    startTime: 'Mar 5, 2026, 14:07',
    duration: '2m 5s',
    cost: '$0.42',
    status: 'ended',
    transferred: false,
    isTest: false,
    inProgress: false,
    createdAt: '2026-03-05T14:07:00.000Z',
    transcriptMatch: null,
    ...overrides,
  };
}
