import type { CallLogRow } from '@switchboard/shared/call-logs';
import type { ContactAppointment, ContactEnquiry } from '@switchboard/shared/contacts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../test/fake-api';
import { buildCallLogRow } from '../../../test/fake-call-logs';
import { renderApp } from '../../../test/render';
import {
  buildContact,
  buildContactDetail,
  buildContacts,
  stubContactsApi,
} from '../testing/fake-contacts-api';

function buildCall(n: number): CallLogRow {
  return buildCallLogRow({
    id: `call-${n}`,
    displayId: `call-${n}…`,
    assistantId: 'asst-1',
    assistantPhone: '+35315550000',
    endReason: 'Customer Ended Call',
    successEvaluation: n % 2 === 0 ? 'pass' : 'fail',
    startTime: `Mar ${n}, 2026, 14:07`,
    duration: '1m 5s',
    cost: '$0.20',
  });
}

const enquiry: ContactEnquiry = {
  id: 'enquiry-1',
  subject: 'Whitening prices',
  status: 'open',
  isRead: false,
  assistantId: 'asst-1',
  agentName: 'Front desk',
  callId: 'call-2',
  createdAt: '2026-03-05T14:07:00.000Z',
};

const appointment: ContactAppointment = {
  id: 'appointment-1',
  service: 'Check-up',
  // 09:30 in Dublin: Irish summer time starts on March 29 in 2026.
  startsAt: '2026-03-20T09:30:00.000Z',
  endsAt: '2026-03-20T10:00:00.000Z',
  status: 'no_show',
  assistantId: 'asst-1',
  agentName: 'Front desk',
  callId: 'call-2',
};

async function openContact(id = 'contact-1') {
  const app = renderApp(`/contacts/${id}`);
  return app;
}

describe('contact page', () => {
  it('opens from the contacts table by a link (keyboard too)', async () => {
    stubContactsApi({ contacts: buildContacts(3) });
    const { user, router } = renderApp('/contacts');
    const link = await screen.findByRole('link', { name: 'Contact 2' });
    expect(link).toHaveAttribute('href', '/contacts/contact-2');

    link.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Contact 2', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contacts/contact-2');
  });

  it('shows the fields, calls, enquiries and appointments with links and counts', async () => {
    const contact = buildContact({ notes: 'Prefers mornings', source: 'call' });
    stubContactsApi({
      contacts: [contact],
      details: {
        'contact-1': buildContactDetail(contact, {
          calls: Array.from({ length: 20 }, (_, i) => buildCall(i + 1)),
          enquiries: [enquiry],
          appointments: [appointment],
          counts: { calls: 23, enquiries: 1, appointments: 1 },
        }),
      },
    });
    await openContact();

    expect(
      await screen.findByRole('heading', { name: 'Ann Murphy', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByText('+353871234567')).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('Murphy Dental')).toBeInTheDocument();
    expect(screen.getByText('Prefers mornings')).toBeInTheDocument();
    // en-US, 24-hour, in the business's zone (Dublin: UTC+0 on March 5).
    expect(screen.getAllByText('Mar 5, 2026, 14:07').length).toBeGreaterThan(0);
    // The zone named once, under the header, not beside each time.
    expect(screen.getAllByText(/^Times in /).map((line) => line.textContent)).toEqual([
      'Times in Europe/Dublin',
    ]);

    const calls = within(screen.getByRole('region', { name: 'Calls' }));
    expect(calls.getByText('the latest 20 of 23')).toBeInTheDocument();
    // One number: every call is from it, so no From column.
    expect(calls.queryByRole('columnheader', { name: 'From' })).toBeNull();
    expect(calls.getByRole('link', { name: 'Call of Mar 1, 2026, 14:07' })).toHaveAttribute(
      'href',
      '/agent/asst-1/call-logs?call=call-1',
    );
    // The call log's outcome words (Pass/Fail), not a second set (Successful/Failed).
    expect(calls.getAllByText('Pass').length).toBeGreaterThan(0);
    expect(calls.getAllByText('Fail').length).toBeGreaterThan(0);
    expect(calls.queryByText('Successful')).toBeNull();
    expect(calls.queryByText('Failed')).toBeNull();

    const enquiries = within(screen.getByRole('region', { name: 'Enquiries' }));
    expect(enquiries.getByRole('link', { name: /Whitening prices/ })).toHaveAttribute(
      'href',
      '/agent/asst-1/enquiries/contact-1',
    );
    expect(enquiries.getByText('Open')).toBeInTheDocument();

    const appointments = within(screen.getByRole('region', { name: 'Appointments' }));
    expect(appointments.getByText('Check-up')).toBeInTheDocument();
    expect(appointments.getByText('Mar 20, 2026, 09:30')).toBeInTheDocument();
    expect(appointments.getByText('No show')).toBeInTheDocument();
  });

  it('says which of the contact’s numbers each call came from when it has other numbers', async () => {
    const contact = buildContact({ otherPhones: ['+35312345678'] });
    stubContactsApi({
      contacts: [contact],
      details: {
        'contact-1': buildContactDetail(contact, {
          calls: [buildCall(1), { ...buildCall(2), customerPhone: '+353 1 234 5678' }],
          counts: { calls: 2, enquiries: 0, appointments: 0 },
        }),
      },
    });
    await openContact();

    const calls = within(await screen.findByRole('region', { name: 'Calls' }));
    expect(calls.getByRole('columnheader', { name: 'From' })).toBeInTheDocument();
    expect(calls.getByText('+353 87 123 4567')).toBeInTheDocument();
    expect(calls.getByText('+353 1 234 5678')).toBeInTheDocument();
  });

  it('says no calls came from any of the contact’s numbers', async () => {
    stubContactsApi({ contacts: [buildContact({ otherPhones: ['+35312345678'] })] });
    await openContact();
    expect(
      await screen.findByText('No calls from these numbers to your agents yet.'),
    ).toBeInTheDocument();
  });

  it('says what each empty list will hold', async () => {
    stubContactsApi({ contacts: [buildContact({ phone: null })] });
    await openContact();

    expect(
      await screen.findByText('Calls are matched by phone number; this contact has none.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No enquiries from this contact yet.')).toBeInTheDocument();
    expect(screen.getByText('No appointments for this contact yet.')).toBeInTheDocument();
  });

  it('says "Contact not found" for an unknown or foreign contact', async () => {
    stubContactsApi({ contacts: [] });
    await openContact('someone-elses');

    expect(
      await screen.findByRole('heading', { name: 'Contact not found', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to contacts' })).toHaveAttribute(
      'href',
      '/contacts',
    );
  });

  it('says "Failed to fetch contacts" with the reason, and tries again', async () => {
    let fail = true;
    const api = stubContactsApi({
      contacts: [buildContact()],
      handlers: {
        'GET /api/contacts/contact-1': () =>
          fail
            ? errorResponse(500, 'INTERNAL_ERROR', 'The database is unavailable')
            : Promise.resolve(
                new Response(JSON.stringify(buildContactDetail()), {
                  headers: { 'content-type': 'application/json' },
                }),
              ),
      },
    });
    const { user } = await openContact();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch contacts: The database is unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Ann Murphy', level: 2 }),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/contacts/contact-1').length).toBeGreaterThan(1);
  });

  it('edits the contact with the form and shows the change', async () => {
    const api = stubContactsApi({ contacts: [buildContact()] });
    const { user } = await openContact();
    await screen.findByRole('heading', { name: 'Ann Murphy', level: 2 });

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit contact' }));
    expect(dialog.getByLabelText(/^name/i)).toHaveValue('Ann Murphy');
    await user.clear(dialog.getByLabelText(/^company/i));
    await user.type(dialog.getByLabelText(/^company/i), 'Bright Smile');
    await user.click(dialog.getByRole('button', { name: /save/i }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Bright Smile')).toBeInTheDocument();
    expect(api.calls('PATCH /api/contacts/contact-1')[0]?.body).toMatchObject({
      name: 'Ann Murphy',
      company: 'Bright Smile',
    });
  });

  it('shows the notes, every other number and email, and the country, and edits them', async () => {
    const api = stubContactsApi({
      contacts: [
        buildContact({
          name: 'Dr. Ann Murphy',
          notes: 'Prefers mornings',
          otherPhones: ['+35312345678', '+442079460958'],
          otherEmails: ['ann@work.example'],
          country: 'IE',
        }),
      ],
    });
    const { user } = await openContact();
    await screen.findByRole('heading', { name: 'Dr. Ann Murphy', level: 2 });
    expect(screen.getByText('Prefers mornings')).toBeInTheDocument();
    expect(screen.getByText('+35312345678')).toBeInTheDocument();
    expect(screen.getByText('+442079460958')).toBeInTheDocument();
    expect(screen.getByText('ann@work.example')).toBeInTheDocument();
    expect(screen.getByText('Ireland')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit contact' }));
    const phones = dialog.getByRole('combobox', { name: /other phone numbers/i });
    // Backspace in the empty field takes the last number off; another is added.
    await user.click(phones);
    await user.keyboard('{Backspace}');
    await user.type(phones, '087 555 1234{Enter}');
    await user.type(
      dialog.getByRole('combobox', { name: /other email addresses/i }),
      'ann@home.example{Enter}',
    );
    await user.clear(dialog.getByLabelText(/^notes/i));
    await user.type(dialog.getByLabelText(/^notes/i), 'Mornings only');
    await user.click(dialog.getByRole('button', { name: /save/i }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PATCH /api/contacts/contact-1')[0]?.body).toMatchObject({
      notes: 'Mornings only',
      otherPhones: ['+35312345678', '087 555 1234'],
      otherEmails: ['ann@work.example', 'ann@home.example'],
      country: 'IE',
    });
    expect(await screen.findByText('Mornings only')).toBeInTheDocument();
    expect(screen.getByText('087 555 1234')).toBeInTheDocument();
    expect(screen.queryByText('+442079460958')).not.toBeInTheDocument();
  });

  it('deletes the contact after asking, and goes back to the contacts', async () => {
    const api = stubContactsApi({ contacts: [buildContact()] });
    const { user, router } = await openContact();
    await screen.findByRole('heading', { name: 'Ann Murphy', level: 2 });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete contact' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, delete contact' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(api.calls('DELETE /api/contacts/contact-1')).toHaveLength(1);
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(screen.queryByText('Contact not found')).not.toBeInTheDocument();
  });
});

describe('call back from the contact page', () => {
  const options = {
    timeZone: 'Europe/Dublin',
    agents: [
      { id: 'a1', name: 'Receptionist' },
      { id: 'a2', name: 'Night line' },
    ],
    squads: [],
    phoneNumbers: [{ id: 'p1', name: 'Main line' }],
    imports: [],
  };

  it('calls the contact with the chosen agent from a number of the business', async () => {
    const api = stubContactsApi({
      contacts: [buildContact()],
      handlers: {
        'GET /api/campaigns/options': () => jsonResponse(options),
        'POST /api/contacts/contact-1/call-back': () =>
          jsonResponse({ callId: 'call-9' }, { status: 201 }),
      },
    });
    const { user } = await openContact();
    await screen.findByRole('heading', { name: 'Ann Murphy', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Call back' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Call Ann Murphy' }));
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: /^Agent/ })).toHaveValue('Receptionist'),
    );
    await user.click(dialog.getByRole('combobox', { name: /^Agent/ }));
    await user.click(await screen.findByRole('option', { name: 'Night line' }));
    await user.click(dialog.getByRole('button', { name: 'Call now' }));
    await waitFor(() =>
      expect(api.calls('POST /api/contacts/contact-1/call-back')[0]?.body).toEqual({
        agentId: 'a2',
        phoneNumberId: 'p1',
      }),
    );
    expect(await screen.findByText(/Your agent is calling Ann Murphy/)).toBeInTheDocument();
  });

  it('shows why the call was refused, in words', async () => {
    stubContactsApi({
      contacts: [buildContact()],
      handlers: {
        'GET /api/campaigns/options': () => jsonResponse(options),
        'POST /api/contacts/contact-1/call-back': () =>
          errorResponse(
            409,
            'CONFLICT',
            "Today's 300 outbound calls are used up: no more calls today.",
          ),
      },
    });
    const { user } = await openContact();
    await screen.findByRole('heading', { name: 'Ann Murphy', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Call back' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Call Ann Murphy' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Call now' })).toBeEnabled());
    await user.click(dialog.getByRole('button', { name: 'Call now' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      "Today's 300 outbound calls are used up: no more calls today.",
    );
  });

  it('offers no call back for a contact marked do-not-call or without a phone', async () => {
    stubContactsApi({
      contacts: [buildContact({ doNotCall: true }), buildContact({ id: 'contact-2', phone: null })],
    });
    await openContact();
    await screen.findByRole('heading', { name: 'Ann Murphy', level: 2 });
    expect(screen.queryByRole('button', { name: 'Call back' })).not.toBeInTheDocument();
  });
});

describe('edit and delete in the contacts table', () => {
  it('edits a row’s contact and shows the new name', async () => {
    const api = stubContactsApi({ contacts: buildContacts(3) });
    const { user } = renderApp('/contacts');
    await screen.findByRole('cell', { name: 'Contact 2' });

    await user.click(screen.getByRole('button', { name: 'Edit Contact 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit contact' }));
    expect(dialog.getByLabelText(/^phone/i)).toHaveValue('+353870000001');
    await user.clear(dialog.getByLabelText(/^name/i));
    await user.type(dialog.getByLabelText(/^name/i), 'Brian Kelly');
    await user.click(dialog.getByRole('button', { name: /save/i }));

    expect(await screen.findByRole('cell', { name: 'Brian Kelly' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Contact 2' })).not.toBeInTheDocument();
    expect(api.calls('PATCH /api/contacts/contact-2')[0]?.body).toMatchObject({
      name: 'Brian Kelly',
      phone: '+353870000001',
    });
  });

  it('deletes a row’s contact after asking; "Keep contact" keeps it', async () => {
    const api = stubContactsApi({ contacts: buildContacts(3) });
    const { user } = renderApp('/contacts');
    await screen.findByRole('cell', { name: 'Contact 3' });

    await user.click(screen.getByRole('button', { name: 'Delete Contact 3' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete contact' }));
    await user.click(dialog.getByRole('button', { name: 'Keep contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/contacts/contact-3')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Contact 3' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete contact' }));
    expect(dialog.getByText(/Delete Contact 3\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Yes, delete contact' }));

    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Contact 3' })).not.toBeInTheDocument(),
    );
    expect(api.calls('DELETE /api/contacts/contact-3')).toHaveLength(1);
  });

  it('shows why a delete failed in the dialog', async () => {
    stubContactsApi({
      contacts: buildContacts(3),
      handlers: {
        'DELETE /api/contacts/contact-1': () =>
          errorResponse(404, 'NOT_FOUND', 'Contact not found'),
      },
    });
    const { user } = renderApp('/contacts');
    await screen.findByRole('cell', { name: 'Contact 1' });

    await user.click(screen.getByRole('button', { name: 'Delete Contact 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete contact' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, delete contact' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Could not delete the contact');
    expect(alert).toHaveTextContent('Contact not found');
  });
});
