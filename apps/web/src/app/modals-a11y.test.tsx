import { Drawer, Modal } from '@mantine/core';
import type { Appointment } from '@switchboard/shared/appointments';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestFormModal } from '../features/agent-tests/components/test-form-modal';
import { CreateAgentModal } from '../features/agents/components/create-agent-modal';
import { AddAppointmentModal } from '../features/appointments/components/add-appointment-modal';
import { CancelAppointmentModal } from '../features/appointments/components/cancel-appointment-modal';
import { RescheduleModal } from '../features/appointments/components/reschedule-modal';
import { ContactFormModal } from '../features/contacts/components/contact-form-modal';
import { DeleteContactModal } from '../features/contacts/components/delete-contact-modal';
import { ImportContactsModal } from '../features/contacts/components/import-contacts-modal';
import { buildContact } from '../features/contacts/testing/fake-contacts-api';
import { AddEnquiryModal } from '../features/enquiries/components/add-enquiry-modal';
import { ReplyModal } from '../features/enquiries/components/reply-modal';
import { buildEnquiry } from '../features/enquiries/testing/fake-enquiries-api';
import { stubApi } from '../test/fake-api';
import { TestProviders } from '../test/render';

// Every dialog's close button is an icon, so it needs a name a screen reader can say, and a
// dialog with a form starts with the focus in its first field (a confirmation: on the safe
// answer), not on that close button.

const close = () => {};
const appointment = {
  id: 'appt-1',
  service: 'Check-up and cleaning',
  startsAt: '2030-01-10T14:00:00.000Z',
  endsAt: '2030-01-10T14:45:00.000Z',
  status: 'scheduled',
  notes: null,
  source: 'manual',
  contact: { id: 'contact-1', name: 'Ann Murphy', phone: null, email: 'ann@example.com' },
  agent: null,
  callId: null,
  createdAt: '2029-12-01T10:00:00.000Z',
  updatedAt: '2029-12-01T10:00:00.000Z',
} as Appointment;

/** Each dialog of the app, opened, and what should hold the focus when it opens. */
const dialogs: { name: string; element: ReactElement; focus: RegExp }[] = [
  {
    name: 'Create agent',
    element: <CreateAgentModal opened onClose={close} onCreated={close} />,
    focus: /^Name/,
  },
  {
    name: 'Add contact',
    element: <ContactFormModal opened item={null} onClose={close} />,
    focus: /^Name/,
  },
  {
    name: 'Import contacts',
    element: <ImportContactsModal opened onClose={close} />,
    focus: /^Choose a CSV or Excel file$/,
  },
  {
    name: 'Delete contact',
    element: <DeleteContactModal contact={buildContact()} onClose={close} />,
    focus: /^Keep contact$/,
  },
  {
    name: 'Add enquiry',
    element: <AddEnquiryModal opened contactId="contact-1" agentId="agent-1" onClose={close} />,
    focus: /^Subject/,
  },
  {
    // The subject is filled in ("Re: …"): the message is what there is to write.
    name: 'Reply by email',
    element: <ReplyModal enquiry={buildEnquiry()} onClose={close} />,
    focus: /^Message/,
  },
  {
    name: 'Add appointment',
    element: (
      <AddAppointmentModal
        opened
        onClose={close}
        timeZone="America/New_York"
        agents={[]}
        searchContacts={() => Promise.resolve([])}
        contactId={null}
      />
    ),
    focus: /^Contact/,
  },
  {
    name: 'Reschedule appointment',
    element: (
      <RescheduleModal appointment={appointment} timeZone="America/New_York" onClose={close} />
    ),
    focus: /^New start/,
  },
  {
    name: 'Cancel appointment?',
    element: (
      <CancelAppointmentModal
        appointment={appointment}
        timeZone="America/New_York"
        onClose={close}
      />
    ),
    focus: /^Keep/,
  },
  {
    name: 'Add a test',
    element: <TestFormModal suiteId="suite-1" opened onClose={close} />,
    focus: /^Name/,
  },
];

/** The accessible name of the focused element: its label, aria-label or text. */
function focusedName(): string {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body) return '(nothing)';
  const labelledBy = active.getAttribute('aria-labelledby');
  const byId = labelledBy
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
  const label = active.id ? document.querySelector(`label[for="${active.id}"]`) : null;
  return (
    active.getAttribute('aria-label') ??
    (byId || null) ??
    label?.textContent?.trim() ??
    active.textContent?.trim() ??
    ''
  );
}

describe('dialogs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(dialogs)(
    '$name: a named close button, and the focus in its first field',
    async ({ name, element, focus }) => {
      stubApi();
      render(<TestProviders>{element}</TestProviders>);
      const dialog = within(await screen.findByRole('dialog', { name }));
      expect(dialog.getByRole('button', { name: 'Close' })).toBeInTheDocument();
      await waitFor(() => expect(focusedName()).toMatch(focus));
    },
  );

  it('names the close button of any Modal or Drawer by default (the theme)', async () => {
    render(
      <TestProviders>
        <Modal opened onClose={close} title="Plain modal">
          Body
        </Modal>
        <Drawer opened onClose={close} title="Plain drawer">
          Body
        </Drawer>
      </TestProviders>,
    );
    for (const name of ['Plain modal', 'Plain drawer']) {
      const dialog = within(await screen.findByRole('dialog', { name }));
      expect(dialog.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    }
  });

  it('keeps a name on every close button a dialog in the source sets itself', () => {
    // A modal's own closeButtonProps replace the theme's: they must carry a label of their own.
    const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const unlabelled = Object.entries(sources).flatMap(([file, source]) =>
      [...source.matchAll(/closeButtonProps=\{\{([^}]*)\}\}/g)]
        .filter((match) => !/aria-label/.test(match[1] ?? ''))
        .map(() => file),
    );
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(unlabelled).toEqual([]);
  });
});
