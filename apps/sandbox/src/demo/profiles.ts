import type { Vapi } from '@vapi-ai/server-sdk';

// The four demo businesses: who they are, when their phones ring, what their callers say.
// Everything a demo call looks like comes from here; the generators only add randomness.
//
// Placeholders in lines and templates: {firstName} {name} {email} {agent} {business} {service}
// {day} {time} {address} {partySize} {issue}.

export type ToolName = 'create_enquiry' | 'book_appointment';

export const CALL_TYPES = ['inboundPhoneCall', 'outboundPhoneCall', 'webCall'] as const;
export type DemoCallType = (typeof CALL_TYPES)[number];
export const INBOUND = 0;
export const OUTBOUND = 1;
export const WEB = 2;

export interface Line {
  role: 'bot' | 'user';
  text: string;
}

export interface ScenarioTool {
  name: ToolName;
  /** The tool is called after this many scenario lines. */
  afterLine: number;
  /** What the assistant says once the tool answered. */
  confirm: string;
  /** create_enquiry */
  subject?: string;
  message?: string;
  /** book_appointment */
  notes?: string;
}

export interface Scenario {
  key: string;
  weight: number;
  /** Call types the scenario makes sense for (all when absent). */
  types?: readonly number[];
  /** Choices for {service}. */
  services?: readonly string[];
  /** Choices for {issue}. */
  issues?: readonly string[];
  lines: readonly Line[];
  tool?: ScenarioTool;
  summary: string;
}

export interface AppointmentSlots {
  daysAhead: readonly [number, number];
  /** Local hours, [first, last] start hour. */
  hours: readonly [number, number];
  stepMinutes: number;
  durationMinutes: number;
}

export interface BusinessProfile {
  key: string;
  assistantName: string;
  businessName: string;
  agentName: string;
  timeZone: string;
  /** Share of all demo calls. */
  share: number;
  /** Weights of inbound, outbound, web. */
  typeMix: readonly [number, number, number];
  /** Relative call volume per local hour 0–23. */
  hourWeights: readonly number[];
  /** Relative call volume per local weekday, Sunday first. */
  weekdayWeights: readonly number[];
  /** Median length of a normal conversation, seconds. */
  medianSeconds: number;
  areaCodes: readonly string[];
  phone: { number: string; provider: 'vapi' | 'twilio'; name: string };
  transferTo: { number: string; name: string; message: string };
  model: 'gpt-4o' | 'gpt-4o-mini';
  voice: Vapi.AssistantVoice;
  firstMessage: string;
  systemPrompt: string;
  endCallMessage: string;
  endCallPhrases: readonly string[];
  voicemailMessage: string;
  tools: boolean;
  slots: AppointmentSlots;
  scenarios: readonly Scenario[];
  /** Extra exchanges used to stretch long calls: [assistant, caller]. */
  fillers: readonly (readonly [string, string])[];
  /** The caller's request for a person, before a transfer. */
  transferRequest: string;
}

const NIGHT = 0.03;

/** Hour weights that stay at the night level until the first busy hour. */
function quietNights(firstBusyHour: number, day: readonly number[]): number[] {
  return [...Array<number>(firstBusyHour).fill(NIGHT), ...day];
}

/** A scenario's conversation: the turns alternate, the caller speaking first. */
function dialogue(...turns: readonly string[]): Line[] {
  return turns.map((text, i) => ({ role: i % 2 === 0 ? 'user' : 'bot', text }));
}

export const DENTAL: BusinessProfile = {
  key: 'dental',
  assistantName: 'Bright Smile Dental Receptionist',
  businessName: 'Bright Smile Dental',
  agentName: 'Riley',
  timeZone: 'America/New_York',
  share: 0.32,
  typeMix: [0.78, 0.08, 0.14],
  hourWeights: quietNights(
    6,
    [
      0.08, 0.35, 1.0, 1.6, 1.7, 1.5, 1.0, 1.2, 1.5, 1.4, 1.2, 0.8, 0.4, 0.25, 0.15, 0.08, 0.05,
      0.04,
    ],
  ),
  weekdayWeights: [0.15, 1.2, 1.05, 1.0, 1.0, 0.85, 0.35],
  medianSeconds: 150,
  areaCodes: ['212', '646', '718', '917', '347'],
  phone: { number: '+12125550142', provider: 'vapi', name: 'Bright Smile main line' },
  transferTo: {
    number: '+12125550100',
    name: 'Front desk',
    message: 'Let me put you through to our front desk team now.',
  },
  model: 'gpt-4o-mini',
  voice: { provider: '11labs', voiceId: 'paula', stability: 0.5, similarityBoost: 0.75 },
  firstMessage:
    'Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?',
  systemPrompt: [
    'You are Riley, the friendly virtual receptionist of Bright Smile Dental, a family dental clinic in Manhattan.',
    'Opening hours: Monday to Friday 8am to 6pm, Saturday 9am to 1pm. Services: check-ups and cleanings, fillings, whitening, emergency appointments, Invisalign consultations.',
    'Book appointments with the book_appointment tool (always confirm the date, time, service, name and email first).',
    'For billing, insurance or anything you cannot answer, record an enquiry with the create_enquiry tool so the office manager can call back.',
    'If the caller is in severe pain or asks for a person, offer to transfer them to the front desk.',
    'Keep answers short and warm. Never give medical advice.',
  ].join('\n'),
  endCallMessage: 'Thanks for calling Bright Smile Dental. Have a wonderful day!',
  endCallPhrases: ['have a wonderful day', 'goodbye'],
  voicemailMessage:
    'Hi, this is Riley from Bright Smile Dental calling about your upcoming appointment. Please call us back at 212-555-0142. Thank you!',
  tools: true,
  slots: { daysAhead: [1, 10], hours: [8, 16], stepMinutes: 30, durationMinutes: 45 },
  transferRequest: 'Actually, could I speak to someone at the front desk?',
  scenarios: [
    {
      key: 'book-cleaning',
      weight: 34,
      types: [INBOUND, WEB],
      services: ['Check-up and cleaning', 'Teeth whitening', 'Invisalign consultation'],
      lines: dialogue(
        "Hi, I'd like to book a {service}, please.",
        'Of course! Have you visited us before, and can I take your full name?',
        "Yes, I have. It's {name}.",
        'Thanks, {firstName}. Which days usually work best for you?',
        'Something on {day}, ideally in the {partOfDay}.',
        'I have {day} at {time} available. Would that work?',
        'That works perfectly.',
        "Great. What's the best email for the confirmation?",
        "It's {email}.",
      ),
      tool: {
        name: 'book_appointment',
        afterLine: 9,
        confirm:
          "You're all set for a {service} on {day} at {time}. We'll email the confirmation to {email}.",
        notes: 'Returning patient, prefers {partOfDay} appointments.',
      },
      summary:
        '{name} called to book a {service}. Riley booked {day} at {time} and promised an email confirmation.',
    },
    {
      key: 'toothache',
      weight: 16,
      types: [INBOUND, WEB],
      services: ['Emergency appointment'],
      lines: dialogue(
        "Hi, I've had a really bad toothache since last night. Can someone see me soon?",
        "I'm sorry to hear that. Is the pain on one side, and is there any swelling?",
        'Lower left side, a bit swollen. It hurts when I drink anything cold.',
        'We keep emergency slots open. The earliest is {day} at {time}. May I have your name?',
        "Yes please, I'll take it. I'm {name}.",
        'And an email address for the confirmation?',
        '{email}.',
      ),
      tool: {
        name: 'book_appointment',
        afterLine: 7,
        confirm:
          'Booked: emergency appointment {day} at {time}. If the swelling gets worse, please go to urgent care. Feel better, {firstName}.',
        notes: 'Toothache lower left since last night, some swelling, sensitive to cold.',
      },
      summary:
        '{name} reported a toothache with swelling on the lower left side. An emergency appointment was booked for {day} at {time}.',
    },
    {
      key: 'insurance',
      weight: 18,
      types: [INBOUND, WEB],
      lines: dialogue(
        'Hi, do you accept {issue} insurance?',
        'We work with most major dental plans. Let me make sure the office manager confirms your specific plan. Can I take your name?',
        "Sure, it's {name}.",
        'And what would you like them to check for you?',
        'Whether a crown is covered, and what my co-pay would be.',
        "Understood. What's the best email to reach you?",
        '{email}.',
      ),
      issues: ['Delta Dental', 'Cigna', 'MetLife', 'Aetna', 'Guardian'],
      tool: {
        name: 'create_enquiry',
        afterLine: 7,
        confirm:
          "I've passed that to our office manager; they'll get back to you within one business day.",
        subject: 'Insurance question: {issue}',
        message: 'Caller asks whether a crown is covered by {issue} and what the co-pay would be.',
      },
      summary:
        '{name} asked whether the clinic accepts {issue} and about crown coverage. An enquiry was created for the office manager.',
    },
    {
      key: 'reschedule',
      weight: 14,
      lines: dialogue(
        'Hi, I need to move my appointment, something came up at work.',
        'No problem. What name is the appointment under?',
        '{name}.',
        'Thanks, {firstName}. When would you prefer instead?',
        'Any time {day} would be great.',
        "I'll ask the front desk to move it and confirm by email. Which address should they use?",
        '{email}, thanks.',
      ),
      tool: {
        name: 'create_enquiry',
        afterLine: 7,
        confirm:
          "Done, I've asked the team to move it to {day}. You'll get an email once it's confirmed.",
        subject: 'Reschedule request',
        message: 'Patient needs to move their appointment, prefers {day}.',
      },
      summary:
        '{name} asked to reschedule their appointment to {day}. A reschedule request was logged.',
    },
    {
      key: 'reminder',
      weight: 10,
      types: [OUTBOUND],
      lines: dialogue(
        'Hello?',
        "Hi, is this {firstName}? I'm calling from Bright Smile Dental to confirm your appointment on {day} at {time}.",
        'Oh yes, that still works for me.',
        "Wonderful, we'll see you then. Please arrive ten minutes early.",
        'Will do, thanks.',
      ),
      summary: 'Reminder call: {name} confirmed their appointment on {day} at {time}.',
    },
    {
      key: 'hours',
      weight: 14,
      lines: dialogue(
        'Hi, what are your opening hours on Saturday?',
        "On Saturdays we're open from 9am to 1pm, and weekdays from 8am to 6pm.",
        'And is there parking nearby?',
        "There's a public garage on the next block, and street parking after 10am.",
        "Great, that's all I needed.",
      ),
      summary: 'The caller asked about Saturday opening hours and parking. Riley answered both.',
    },
  ],
  fillers: [
    ['Do you have any allergies or medical conditions we should note?', 'No, nothing like that.'],
    ['Are you still at the same address we have on file?', 'Yes, same address.'],
    ['Would you like a text reminder the day before?', 'Yes, that would be helpful.'],
    [
      'Do you have dental insurance you would like us to record?',
      'I do, I can bring the card with me.',
    ],
    [
      'Is there anything else about your teeth we should know?',
      'My gums bleed a little when I floss.',
    ],
    ['Would you prefer the same hygienist as last time?', "If she's available, sure."],
  ],
};

export const PLUMBING: BusinessProfile = {
  key: 'plumbing',
  assistantName: 'Rapid Rooter Plumbing Dispatch',
  businessName: 'Rapid Rooter Plumbing',
  agentName: 'Max',
  timeZone: 'America/Chicago',
  share: 0.26,
  typeMix: [0.84, 0.06, 0.1],
  hourWeights: [
    0.12, 0.1, 0.08, 0.08, 0.1, 0.2, 0.45, 1.0, 1.4, 1.5, 1.4, 1.3, 1.1, 1.2, 1.3, 1.3, 1.2, 1.0,
    0.8, 0.6, 0.5, 0.35, 0.25, 0.15,
  ],
  weekdayWeights: [0.45, 1.15, 1.1, 1.05, 1.0, 0.95, 0.6],
  medianSeconds: 190,
  areaCodes: ['312', '773', '872', '708', '630'],
  phone: { number: '+13125550187', provider: 'twilio', name: 'Rapid Rooter dispatch line' },
  transferTo: {
    number: '+13125550111',
    name: 'On-call dispatcher',
    message: "I'm connecting you to our on-call dispatcher right now, please hold.",
  },
  model: 'gpt-4o',
  voice: { provider: '11labs', voiceId: 'burt', stability: 0.45, similarityBoost: 0.8 },
  firstMessage:
    'Rapid Rooter Plumbing, this is Max. Is this an emergency, or can I help you book a visit?',
  systemPrompt: [
    'You are Max, the dispatcher assistant of Rapid Rooter Plumbing in Chicago, available 24/7.',
    'First find out whether it is an emergency (burst pipe, flooding, no water, gas smell). For a gas smell, tell the caller to leave the building and call 911.',
    'Emergencies: collect name, address and a callback email, record them with create_enquiry (subject starting with URGENT) and offer a transfer to the on-call dispatcher.',
    'Non-urgent work (drains, water heaters, fixtures, inspections): book a visit with book_appointment; visits are two-hour windows, Monday to Saturday.',
    'Quotes and everything else: record an enquiry with create_enquiry.',
    'Be calm, practical and brief.',
  ].join('\n'),
  endCallMessage: 'Thanks for calling Rapid Rooter. Help is on the way!',
  endCallPhrases: ['help is on the way', 'goodbye'],
  voicemailMessage:
    'Hi, this is Max from Rapid Rooter Plumbing about your service visit. Please call us back at 312-555-0187.',
  tools: true,
  slots: { daysAhead: [0, 5], hours: [8, 16], stepMinutes: 120, durationMinutes: 120 },
  transferRequest: 'Can I just talk to a real person, please?',
  scenarios: [
    {
      key: 'burst-pipe',
      weight: 18,
      types: [INBOUND, WEB],
      issues: [
        'a burst pipe under the kitchen sink',
        'water coming through the ceiling',
        'a leaking water main in the basement',
      ],
      lines: dialogue(
        "Hi, I've got {issue} and water everywhere!",
        'Okay, first turn off the main water valve if you can find it. Is anyone in danger, or is there water near electrics?',
        "I've turned it off. No electrics near it.",
        "Good. I'll get a technician out to you. What's your name and the address?",
        '{name}, at {address}.',
        'And an email where we can send the technician details?',
        '{email}.',
      ),
      tool: {
        name: 'create_enquiry',
        afterLine: 7,
        confirm:
          "I've logged it as urgent; a technician will call you within 30 minutes. Keep the water off until then.",
        subject: 'URGENT: {issue}',
        message: 'Emergency at {address}: {issue}. Main valve is off, no electrics affected.',
      },
      summary:
        '{name} reported {issue} at {address}. The caller shut off the main valve; an urgent job was logged for a technician callback within 30 minutes.',
    },
    {
      key: 'water-heater',
      weight: 20,
      types: [INBOUND, WEB],
      services: [
        'Water heater repair',
        'Water heater replacement quote',
        'Annual water heater service',
      ],
      lines: dialogue(
        "Hi, my water heater isn't heating properly anymore.",
        'Sorry to hear that. Is it gas or electric, and roughly how old is it?',
        "Gas, I think it's about twelve years old.",
        'We can send someone for a {service}. The next window is {day} from {time}. Does that suit?',
        'Yes, that works.',
        'Can I get your name, the address and an email?',
        '{name}, {address}, and my email is {email}.',
      ),
      tool: {
        name: 'book_appointment',
        afterLine: 7,
        confirm:
          'Booked: {service} on {day}, arrival window starting {time}. The technician will call when on the way.',
        notes: 'Gas water heater, about 12 years old, not heating properly. Address: {address}.',
      },
      summary:
        '{name} has a 12-year-old gas water heater that is not heating. A visit ({service}) was booked for {day} at {time}.',
    },
    {
      key: 'drain',
      weight: 22,
      types: [INBOUND, WEB],
      services: ['Drain cleaning', 'Camera drain inspection'],
      issues: [
        'the kitchen sink',
        'the shower drain',
        'the basement floor drain',
        'the main sewer line',
      ],
      lines: dialogue(
        'Hi, {issue} is completely blocked, nothing goes down.',
        'Have you tried a plunger, and is any other drain in the house slow?',
        "I tried plunging, didn't help. The others seem fine.",
        'Sounds like a local blockage. I can book {service} on {day} starting {time}.',
        'Perfect, book it please.',
        'Your name, address and email, please?',
        "It's {name}, {address}. Email {email}.",
      ),
      tool: {
        name: 'book_appointment',
        afterLine: 7,
        confirm:
          "You're booked for {service} on {day} from {time}. We'll email the details to {email}.",
        notes: 'Blocked: {issue}. Plunger did not help. Address: {address}.',
      },
      summary: '{name} reported a blockage in {issue}. {service} was booked for {day} at {time}.',
    },
    {
      key: 'quote',
      weight: 16,
      services: [
        'bathroom remodel',
        'repiping',
        'sump pump installation',
        'tankless water heater installation',
      ],
      lines: dialogue(
        "Hi, I'd like a quote for a {service}.",
        'Happy to help. Can you tell me a little about the property and the timeline?',
        'Single family house, two bathrooms. Ideally within the next month.',
        'Thanks. An estimator will follow up. Your name and email?',
        '{name}, {email}.',
      ),
      tool: {
        name: 'create_enquiry',
        afterLine: 5,
        confirm: 'Got it. An estimator will email you to arrange a free on-site quote.',
        subject: 'Quote request: {service}',
        message: 'Single family house with two bathrooms; wants a {service} within the next month.',
      },
      summary: '{name} requested a quote for a {service}. An enquiry was created for an estimator.',
    },
    {
      key: 'eta',
      weight: 14,
      lines: dialogue(
        'Hi, I had a technician booked for this morning. Any idea when they will get here?',
        'Let me check. Can I have the name on the booking?',
        '{name}.',
        'Thanks. Your technician is finishing a job nearby and should be with you within the hour.',
        'Okay, thanks for checking.',
      ),
      summary:
        '{name} asked for the technician ETA; Max said the technician would arrive within the hour.',
    },
    {
      key: 'follow-up',
      weight: 10,
      types: [OUTBOUND],
      lines: dialogue(
        'Hello?',
        'Hi {firstName}, this is Max from Rapid Rooter following up on the repair we did last week. Is everything working well?',
        'Yes, all good, no more leaks.',
        'Great to hear! Would you like us to schedule an annual inspection reminder?',
        'Sure, why not.',
      ),
      summary:
        'Follow-up call: {name} confirmed the repair is holding and agreed to an annual inspection reminder.',
    },
  ],
  fillers: [
    [
      'Is there a dog or anything the technician should know about when arriving?',
      'Yes, we have a dog, but she is friendly.',
    ],
    ['Is there parking at the property for a van?', 'There is a driveway, they can park there.'],
    ['Have you had any plumbing work done recently?', 'Not in the last few years.'],
    ['Is the water shut-off easy to reach?', "It's in the basement, behind the laundry."],
    ['Do you rent or own the property?', 'We own it.'],
    ['Would you like a text when the technician is on the way?', 'Yes please.'],
  ],
};

export const RESTAURANT: BusinessProfile = {
  key: 'restaurant',
  assistantName: 'Trattoria Bella Booking Line',
  businessName: 'Trattoria Bella',
  agentName: 'Sofia',
  timeZone: 'America/Los_Angeles',
  share: 0.27,
  typeMix: [0.74, 0.04, 0.22],
  hourWeights: quietNights(
    7,
    [0.05, 0.15, 0.35, 0.7, 1.4, 1.5, 1.0, 0.6, 0.8, 1.3, 1.7, 1.6, 1.1, 0.6, 0.3, 0.12, 0.05],
  ),
  weekdayWeights: [0.8, 0.75, 0.85, 0.95, 1.05, 1.3, 0.9],
  medianSeconds: 95,
  areaCodes: ['310', '213', '323', '424', '818'],
  phone: { number: '+13105550163', provider: 'twilio', name: 'Trattoria Bella reservations' },
  transferTo: {
    number: '+13105550160',
    name: 'Host stand',
    message: 'One moment, I will put you through to our host.',
  },
  model: 'gpt-4o-mini',
  voice: { provider: 'openai', voiceId: 'nova' },
  firstMessage: 'Buonasera, Trattoria Bella, Sofia speaking. Would you like to make a reservation?',
  systemPrompt: [
    'You are Sofia, the reservations assistant of Trattoria Bella, an Italian restaurant in Santa Monica.',
    'Lunch 11:30 to 14:30, dinner 17:00 to 22:00, closed Monday lunch. Tables for up to 8; larger groups and private events go to the events team.',
    'Make reservations with book_appointment (service = "Table for N"), confirming date, time, party size, name and email.',
    'Large parties, private events, catering and complaints: record an enquiry with create_enquiry.',
    'Mention that we have gluten-free pasta and vegan options if dietary needs come up.',
    'Be warm and efficient.',
  ].join('\n'),
  endCallMessage: 'Grazie, we look forward to seeing you at Trattoria Bella!',
  endCallPhrases: ['grazie', 'see you soon', 'goodbye'],
  voicemailMessage:
    'Hi, this is Sofia from Trattoria Bella about your reservation. Please call us back at 310-555-0163. Grazie!',
  tools: true,
  slots: { daysAhead: [0, 6], hours: [17, 21], stepMinutes: 15, durationMinutes: 90 },
  transferRequest: 'Could I talk to someone at the restaurant directly?',
  scenarios: [
    {
      key: 'reservation',
      weight: 48,
      types: [INBOUND, WEB],
      services: ['Table for 2', 'Table for 3', 'Table for 4', 'Table for 5', 'Table for 6'],
      lines: dialogue(
        "Hi, I'd like a {service} on {day}, around {time}.",
        'Let me check… yes, {time} on {day} is available. Indoors or on the patio?',
        'The patio, if the weather is nice.',
        'Lovely. What name should I put it under, and an email for the confirmation?',
        "{name}, and it's {email}.",
      ),
      tool: {
        name: 'book_appointment',
        afterLine: 5,
        confirm:
          'Perfetto! {service} on {day} at {time}, on the patio. The confirmation is on its way to {email}.',
        notes: 'Patio preferred.',
      },
      summary: '{name} reserved a {service} on {day} at {time}, patio preferred.',
    },
    {
      key: 'event',
      weight: 14,
      issues: [
        'a birthday dinner for 14',
        'a rehearsal dinner for 25',
        'a company dinner for 18',
        'a baby shower lunch for 20',
      ],
      lines: dialogue(
        "Hi, I'm planning {issue}. Do you do private events?",
        'We do! Our back room seats up to 30. Our events team will send you menus and pricing. Which date are you thinking of?',
        '{day}, in the evening.',
        'Wonderful. Your name and email, please?',
        '{name}, {email}.',
      ),
      tool: {
        name: 'create_enquiry',
        afterLine: 5,
        confirm:
          "I've sent this to our events team; they'll email you menus and availability within a day.",
        subject: 'Private event: {issue}',
        message:
          'Caller is planning {issue} on {day} in the evening and would like menus and pricing.',
      },
      summary:
        '{name} asked about hosting {issue} on {day}. An enquiry was created for the events team.',
    },
    {
      key: 'dietary',
      weight: 14,
      lines: dialogue(
        'Hi, do you have gluten-free options? My daughter is celiac.',
        'Yes, we have gluten-free pasta cooked separately, and most of our secondi are naturally gluten-free.',
        'That is great. And vegan dishes?',
        'Several! Our arrabbiata and the roasted vegetable risotto are both vegan.',
        'Perfect, thank you.',
      ),
      summary: 'The caller asked about gluten-free and vegan options; Sofia described both.',
    },
    {
      key: 'hours',
      weight: 12,
      lines: dialogue(
        'Hi, are you open for lunch on Mondays?',
        "We're closed for lunch on Mondays, but open for dinner from 5pm. Every other day lunch runs 11:30 to 2:30.",
        'Okay, good to know. Thanks!',
      ),
      summary: 'The caller asked about Monday lunch; Sofia explained the opening hours.',
    },
    {
      key: 'change',
      weight: 8,
      lines: dialogue(
        'Hi, I have a booking tonight and we are now two more people.',
        'No problem. What name is the booking under?',
        '{name}.',
        "I'll ask the host to adjust the table. Can I confirm your email?",
        '{email}.',
      ),
      tool: {
        name: 'create_enquiry',
        afterLine: 5,
        confirm: 'Noted. The host will adjust your table and email you if anything changes.',
        subject: 'Booking change: +2 guests',
        message: "Guest's booking tonight grows by two people.",
      },
      summary: "{name} asked to add two guests to tonight's booking; the host was notified.",
    },
    {
      key: 'feedback',
      weight: 4,
      types: [OUTBOUND],
      lines: dialogue(
        'Hello?',
        'Hi {firstName}, this is Sofia from Trattoria Bella. Thank you for dining with us! How was your evening?',
        'It was lovely, the tiramisu was amazing.',
        "I'll tell the chef! We hope to see you again soon.",
      ),
      summary: 'Post-visit call: {name} enjoyed the dinner and praised the tiramisu.',
    },
  ],
  fillers: [
    ['Is it a special occasion?', "It's our anniversary, actually."],
    ['Will you need a high chair?', 'No, just adults.'],
    ['Any allergies I should note for the kitchen?', 'One of us is allergic to tree nuts.'],
    ['Would you like me to reserve a bottle of prosecco for the table?', 'Oh, that would be nice.'],
    ['Are you parking with us? We validate for the garage.', 'Yes, we will be driving.'],
  ],
};

export const SURVEY: BusinessProfile = {
  key: 'survey',
  assistantName: 'Northwind Customer Survey',
  businessName: 'Northwind Home Goods',
  agentName: 'Sam',
  timeZone: 'America/Denver',
  share: 0.15,
  typeMix: [0.06, 0.9, 0.04],
  hourWeights: [
    0, 0, 0, 0, 0, 0, 0, 0.02, 0.3, 1.2, 1.5, 1.4, 0.9, 1.1, 1.4, 1.4, 1.2, 0.6, 0.15, 0.05, 0, 0,
    0, 0,
  ],
  weekdayWeights: [0.02, 1.1, 1.15, 1.1, 1.05, 0.9, 0.15],
  medianSeconds: 210,
  areaCodes: ['303', '720', '415', '206', '617', '404', '512', '602'],
  phone: { number: '+17205550119', provider: 'vapi', name: 'Northwind survey line' },
  transferTo: {
    number: '+17205550100',
    name: 'Customer care',
    message: 'Let me connect you with our customer care team.',
  },
  model: 'gpt-4o',
  voice: { provider: '11labs', voiceId: 'sarah', stability: 0.55, similarityBoost: 0.7 },
  firstMessage:
    'Hi, this is Sam calling from Northwind Home Goods about your recent order. Do you have two minutes for a quick survey?',
  systemPrompt: [
    'You are Sam, running a short satisfaction survey for Northwind Home Goods customers who recently received an order.',
    'Ask, one at a time: 1) overall satisfaction from 1 to 5, 2) was delivery on time, 3) how likely they are to recommend us from 0 to 10, 4) anything we could do better.',
    'If the customer has a problem with the order, apologise and offer to transfer them to customer care.',
    'If it is not a good time, offer to call back later and end the call politely. Never push.',
  ].join('\n'),
  endCallMessage: 'Thank you for your time, and enjoy your purchase. Goodbye!',
  endCallPhrases: ['goodbye', 'enjoy your purchase'],
  voicemailMessage:
    "Hi, this is Sam from Northwind Home Goods with a quick survey about your recent order. We'll try again another time. Thank you!",
  tools: false,
  slots: { daysAhead: [1, 3], hours: [9, 17], stepMinutes: 60, durationMinutes: 15 },
  transferRequest: 'Honestly the order arrived broken. Can I talk to someone about that?',
  scenarios: [
    {
      key: 'happy',
      weight: 45,
      types: [OUTBOUND, INBOUND],
      lines: dialogue(
        'Sure, go ahead.',
        'Thank you! On a scale of 1 to 5, how satisfied are you with your order?',
        'A five, really happy with it.',
        'Wonderful. Did it arrive on time?',
        'Yes, a day early even.',
        'From 0 to 10, how likely are you to recommend Northwind to a friend?',
        'Nine.',
        'And is there anything we could do better?',
        'Maybe less packaging, but otherwise nothing.',
      ),
      summary:
        '{name} completed the survey: satisfaction 5/5, delivery early, NPS 9. Suggested using less packaging.',
    },
    {
      key: 'mixed',
      weight: 22,
      types: [OUTBOUND, INBOUND, WEB],
      lines: dialogue(
        'Okay, quickly.',
        'Thanks! From 1 to 5, how satisfied are you with your order?',
        'Three. The lamp is nice but it took ages to arrive.',
        "I'm sorry about the wait. How late was it?",
        'About a week later than promised.',
        'From 0 to 10, how likely are you to recommend us?',
        'Maybe a six.',
        "Thank you for the honest feedback, I'll pass it to our delivery team.",
      ),
      summary:
        '{name} rated satisfaction 3/5 and NPS 6; delivery was about a week late. Feedback passed to the delivery team.',
    },
    {
      key: 'declined',
      weight: 20,
      types: [OUTBOUND],
      lines: dialogue(
        "Sorry, now isn't a good time.",
        'No problem at all. Would you prefer we call back another day?',
        'No thanks, please take me off the list.',
        "Of course, I've noted that. Have a good day.",
      ),
      summary: '{name} declined the survey and asked not to be called again.',
    },
    {
      key: 'callback',
      weight: 13,
      types: [OUTBOUND],
      lines: dialogue(
        "I'm driving right now, can you call me later?",
        'Of course. Would tomorrow afternoon work?',
        'Yes, after three.',
        "Great, we'll call you tomorrow after 3pm. Drive safely!",
      ),
      summary: '{name} was driving and asked for a callback tomorrow after 3pm.',
    },
  ],
  fillers: [
    ['How did you first hear about Northwind?', 'A friend recommended you.'],
    ['Did you use our website or the app to order?', 'The website.'],
    ['Was the assembly guide easy to follow?', 'Mostly, step four was a bit confusing.'],
    ['Have you shopped with us before?', 'A couple of times, yes.'],
    ['Did you contact customer care at any point?', 'No, I did not need to.'],
  ],
};

export const DEMO_PROFILES: readonly BusinessProfile[] = [DENTAL, PLUMBING, RESTAURANT, SURVEY];

/**
 * Used for assistants created through the API: their own first message and prompt, with a
 * neutral conversation.
 */
export const GENERIC: BusinessProfile = {
  key: 'generic',
  assistantName: 'Assistant',
  businessName: 'our team',
  agentName: 'the assistant',
  timeZone: 'UTC',
  share: 0,
  typeMix: [0.7, 0.1, 0.2],
  hourWeights: DENTAL.hourWeights,
  weekdayWeights: DENTAL.weekdayWeights,
  medianSeconds: 120,
  areaCodes: ['415', '646', '312', '206'],
  phone: { number: '+14155550100', provider: 'vapi', name: 'Main line' },
  transferTo: {
    number: '+14155550101',
    name: 'Team',
    message: 'Let me transfer you to a colleague.',
  },
  model: 'gpt-4o-mini',
  voice: { provider: '11labs', voiceId: 'sarah' },
  firstMessage: 'Hello, thanks for calling. How can I help you today?',
  systemPrompt: 'You are a helpful phone assistant.',
  endCallMessage: 'Thanks for calling. Goodbye!',
  endCallPhrases: ['goodbye'],
  voicemailMessage: 'Hi, we tried to reach you. Please call us back. Thank you!',
  tools: false,
  slots: { daysAhead: [1, 7], hours: [9, 16], stepMinutes: 30, durationMinutes: 30 },
  transferRequest: 'Could I speak to a person, please?',
  scenarios: [
    {
      key: 'appointment',
      weight: 50,
      services: ['Consultation', 'Follow-up meeting', 'Site visit'],
      lines: dialogue(
        "Hi, I'd like to book a {service}.",
        'Sure. Would {day} at {time} work for you?',
        'Yes, that works.',
        'Can I have your name and email address?',
        "It's {name}, {email}.",
      ),
      tool: {
        name: 'book_appointment',
        afterLine: 5,
        confirm: "You're booked for a {service} on {day} at {time}. A confirmation is on its way.",
        notes: 'Booked by phone.',
      },
      summary: '{name} booked a {service} on {day} at {time}.',
    },
    {
      key: 'enquiry',
      weight: 50,
      issues: ['pricing', 'availability next month', 'a refund', 'opening hours on holidays'],
      lines: dialogue(
        'Hi, I have a question about {issue}.',
        "I'll make sure the right person gets back to you. What's your name and email?",
        '{name}, {email}.',
        'Thanks. Anything else they should know?',
        'Just that I would prefer an email reply.',
      ),
      tool: {
        name: 'create_enquiry',
        afterLine: 5,
        confirm: "I've passed your question on; someone will email you shortly.",
        subject: 'Question about {issue}',
        message: 'Caller has a question about {issue} and prefers an email reply.',
      },
      summary: '{name} asked about {issue}; an enquiry was created for the team.',
    },
  ],
  fillers: [
    ['Is there anything else I can help with?', 'Let me think… no, I think that covers it.'],
    ['Would you like a text confirmation as well?', 'Email is fine, thanks.'],
  ],
};
