import { serviceEnquiryMessages } from '@switchboard/shared/service-enquiries';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { TestProviders } from '../../../test/render';
import { ServiceEnquiryForm } from './service-enquiry-form';
import { setupUser } from '../../../test/user';
import { pickOption } from '../../../test/combobox';

function renderForm() {
  const user = setupUser();
  render(
    <TestProviders>
      <ServiceEnquiryForm />
    </TestProviders>,
  );
  return { user };
}

async function fillRequired(user: ReturnType<typeof setupUser>) {
  await user.type(screen.getByRole('textbox', { name: /Point of contact/ }), 'Maya Patel');
  await user.type(screen.getByRole('textbox', { name: /Business name/ }), 'Harbour Physio');
  const country = screen.getByRole('combobox', { name: /Country/ });
  await user.type(country, 'Irel');
  await pickOption(user, country, 'Ireland');
  await user.type(screen.getByRole('textbox', { name: /Website/ }), 'harbourphysio.example');
}

const received = () => jsonResponse({ message: serviceEnquiryMessages.received }, { status: 201 });

describe('service-enquiry form', () => {
  it('shows every required field’s message and sends nothing', async () => {
    const api = stubApi({ 'POST /api/service-enquiries': received });
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    expect(await screen.findByText(serviceEnquiryMessages.pocRequired)).toBeInTheDocument();
    expect(screen.getByText(serviceEnquiryMessages.businessNameRequired)).toBeInTheDocument();
    expect(screen.getByText(serviceEnquiryMessages.countryRequired)).toBeInTheDocument();
    expect(screen.getByText(serviceEnquiryMessages.websiteRequired)).toBeInTheDocument();
    expect(api.calls('POST /api/service-enquiries')).toHaveLength(0);
  });

  it('checks the optional email and phone when they are given', async () => {
    const api = stubApi({ 'POST /api/service-enquiries': received });
    const { user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'maya@');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), 'call me');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    expect(await screen.findByText(serviceEnquiryMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(serviceEnquiryMessages.phoneInvalid)).toBeInTheDocument();
    expect(api.calls('POST /api/service-enquiries')).toHaveLength(0);
  });

  it('leaves empty email and phone out of the request, then confirms', async () => {
    const api = stubApi({ 'POST /api/service-enquiries': received });
    const { user } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    expect(await screen.findByText(serviceEnquiryMessages.received)).toBeInTheDocument();
    const [request] = api.calls('POST /api/service-enquiries');
    expect(request?.body).toEqual({
      poc: 'Maya Patel',
      businessName: 'Harbour Physio',
      country: 'Ireland',
      website: 'https://harbourphysio.example',
    });
    expect(Object.keys(request?.body as object)).not.toContain('email');
    expect(Object.keys(request?.body as object)).not.toContain('phone');
  });

  it('sends email and phone when given', async () => {
    const api = stubApi({ 'POST /api/service-enquiries': received });
    const { user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'maya@harbour.example');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '+353 1 555 0100');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    await waitFor(() =>
      expect(api.calls('POST /api/service-enquiries')[0]?.body).toMatchObject({
        email: 'maya@harbour.example',
        phone: '+353 1 555 0100',
      }),
    );
  });

  it('says why the server refused it (the rate limit)', async () => {
    stubApi({
      'POST /api/service-enquiries': () =>
        errorResponse(
          429,
          'RATE_LIMITED',
          'Too many enquiries were sent from your address. Please wait 60 minutes.',
        ),
    });
    const { user } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    expect(
      await screen.findByText(
        'Too many enquiries were sent from your address. Please wait 60 minutes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Business name/ })).toHaveValue('Harbour Physio');
  });
});
