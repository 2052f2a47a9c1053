import type { AgentToolName } from './agents';

/**
 * The function tools Switchboard gives its agents (PRODUCT.md §2.4), as the platform's
 * `model.tools[].function`: the name, what the model is told, and the JSON-schema arguments the
 * webhook's tool handlers read. The sandbox's demo assistants carry the same definitions.
 */
export type AgentToolFunction = {
  name: AgentToolName;
  description: string;
  parameters: {
    type: 'object';
    properties: Record<string, { type: 'string'; description: string }>;
    required: string[];
  };
};

export const AGENT_TOOL_FUNCTIONS: Record<AgentToolName, AgentToolFunction> = {
  create_enquiry: {
    name: 'create_enquiry',
    description:
      'Record an enquiry from the caller (a question, request or problem) for the business to follow up.',
    parameters: {
      type: 'object',
      properties: {
        subject: { type: 'string', description: 'A short subject line for the enquiry.' },
        message: { type: 'string', description: 'What the caller wants, in a few sentences.' },
        callerName: { type: 'string', description: "The caller's full name." },
        callerEmail: { type: 'string', description: "The caller's email address, if given." },
      },
      required: ['subject', 'message', 'callerName'],
    },
  },
  book_appointment: {
    name: 'book_appointment',
    description:
      'Book an appointment for the caller once the date, time, service and name are confirmed.',
    parameters: {
      type: 'object',
      properties: {
        startsAt: {
          type: 'string',
          description: 'Start of the appointment, ISO 8601 date-time with offset.',
        },
        service: { type: 'string', description: 'What the appointment is for.' },
        callerName: { type: 'string', description: "The caller's full name." },
        callerEmail: { type: 'string', description: "The caller's email address." },
        notes: { type: 'string', description: 'Anything the business should know beforehand.' },
      },
      required: ['startsAt', 'service', 'callerName'],
    },
  },
};

/** What the agent says while a tool runs. */
export const AGENT_TOOL_REQUEST_MESSAGES: Record<AgentToolName, string> = {
  create_enquiry: 'One moment while I note that down.',
  book_appointment: 'One moment while I book that.',
};
