import { NO_EXTRA_TOOLS, type AgentSettings } from './agents';

/**
 * Starting points offered by "Create agent": each prefills the prompt, first message, voice and
 * tools (Switchboard's create_enquiry and book_appointment are always attached; the template
 * chooses the platform's built-in tools). The name stays for the user to give.
 */
export type AgentTemplate = {
  id: 'receptionist' | 'appointment-booking' | 'after-hours' | 'customer-survey';
  label: string;
  /** One line for the picker. */
  description: string;
  settings: AgentSettings;
};

const common = {
  name: '',
  modelProvider: 'openai',
  model: 'gpt-4o-mini',
} as const;

export const AGENT_TEMPLATES: readonly AgentTemplate[] = [
  {
    id: 'receptionist',
    label: 'Receptionist',
    description: 'Answers questions, takes messages, books visits and hangs up politely.',
    settings: {
      ...common,
      firstMessage: 'Hello, thanks for calling! How can I help you today?',
      systemPrompt:
        'You are the friendly, concise receptionist of our business. Answer questions about ' +
        'opening hours and services. When the caller has a question you cannot answer or a ' +
        'request for the team, record it with the create_enquiry tool. When they want a visit, ' +
        'agree a date, time and service and book it with the book_appointment tool. Confirm ' +
        'names, numbers and times back to the caller, and end the call once they are done.',
      voiceProvider: 'vapi',
      voiceId: 'Elliot',
      endCallMessage: 'Thank you for calling. Goodbye!',
      tools: { ...NO_EXTRA_TOOLS, endCall: true },
    },
  },
  {
    id: 'appointment-booking',
    label: 'Appointment booking',
    description: 'Books, confirms and notes appointments; callers can key in numbers.',
    settings: {
      ...common,
      firstMessage: 'Hi! I can book an appointment for you. What would you like to come in for?',
      systemPrompt:
        'You book appointments for our business. Find out what the appointment is for, the ' +
        "caller's name and a date and time that suits them, read them back, and book with " +
        'the book_appointment tool (an ISO 8601 start time with its offset). If the caller ' +
        'asks something else, record it with the create_enquiry tool. Keep it short.',
      voiceProvider: 'openai',
      voiceId: 'nova',
      endCallMessage: 'You are all set. See you then!',
      tools: { ...NO_EXTRA_TOOLS, endCall: true, dtmf: true },
    },
  },
  {
    id: 'after-hours',
    label: 'After-hours line',
    description: 'Takes messages when you are closed; urgent callers can be transferred.',
    settings: {
      ...common,
      firstMessage:
        'Thanks for calling. We are closed right now, but I can take a message for the team.',
      systemPrompt:
        'You answer the phone outside opening hours. Tell callers when we open again, take a ' +
        'message with the create_enquiry tool (subject, what they need, their name and email ' +
        'if they give it) and say the team will get back to them. Only for a real emergency, ' +
        'offer to transfer the call to the on-call number.',
      voiceProvider: '11labs',
      voiceId: 'sarah',
      endCallMessage: 'Thank you. The team will be in touch. Goodbye!',
      tools: { ...NO_EXTRA_TOOLS, endCall: true },
    },
  },
  {
    id: 'customer-survey',
    label: 'Customer survey',
    description: 'Asks a few short questions after a visit and notes the answers.',
    settings: {
      ...common,
      firstMessage:
        'Hello! We would love your feedback on your recent visit. Do you have two minutes?',
      systemPrompt:
        'You run a short customer survey. Ask, one at a time: how satisfied the caller was ' +
        'from 1 to 5, what went well, and what we could do better. Do not argue; thank them ' +
        'for each answer. At the end, record the answers with the create_enquiry tool ' +
        '(subject "Survey answers") and end the call.',
      voiceProvider: 'deepgram',
      voiceId: 'asteria',
      endCallMessage: 'Thank you for your time. Goodbye!',
      tools: { ...NO_EXTRA_TOOLS, endCall: true, dtmf: true },
    },
  },
];
