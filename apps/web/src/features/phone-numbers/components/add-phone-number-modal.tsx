import { PasswordInput, SegmentedControl, Text, TextInput } from '@mantine/core';
import {
  createPhoneNumberSchema,
  type CreatePhoneNumberInput,
} from '@switchboard/shared/phone-numbers';
import { useWatch } from 'react-hook-form';
import { useCreateForm } from '../../../lib/use-create-form';
import { ConsoleFormModal, ConsoleForm } from '../../../components/console-form-modal';
import { parseAgentOrSquad } from '../../../components/agent-or-squad-select';
import { useCreatePhoneNumber } from '../api/phone-numbers';
import { AnsweredByFields } from './answered-by-fields';
import { bindField } from '../../../lib/bind-field';

type Provider = CreatePhoneNumberInput['provider'];
// Every field of every provider: the form holds them all, the schema picks by provider.
type FormValues = {
  provider: Provider;
  name: string;
  areaCode: string;
  number: string;
  twilioAccountSid: string;
  twilioAuthToken: string;
  vonageApiKey: string;
  vonageApiSecret: string;
  /** `agent:<id>`, `squad:<id>`, or '' for none (then the fallback number must be given). */
  answeredBy: string;
  fallbackNumber: string;
};

const EMPTY: FormValues = {
  provider: 'vapi',
  name: '',
  areaCode: '',
  number: '',
  twilioAccountSid: '',
  twilioAuthToken: '',
  vonageApiKey: '',
  vonageApiSecret: '',
  answeredBy: '',
  fallbackNumber: '',
};

const FIELDS = [
  'name',
  'areaCode',
  'number',
  'twilioAccountSid',
  'twilioAuthToken',
  'vonageApiKey',
  'vonageApiSecret',
  'answeredBy',
  'fallbackNumber',
] as const;

/** Only the chosen provider's fields go to the server (and on to the platform). */
function toInput(values: FormValues): CreatePhoneNumberInput {
  const name = values.name || undefined;
  const answeredBy = {
    ...(parseAgentOrSquad(values.answeredBy) ?? {}),
    ...(values.fallbackNumber ? { fallbackNumber: values.fallbackNumber } : {}),
  };
  switch (values.provider) {
    case 'vapi':
      return { provider: 'vapi', name, areaCode: values.areaCode, ...answeredBy };
    case 'twilio':
      return {
        provider: 'twilio',
        name,
        ...answeredBy,
        number: values.number,
        twilioAccountSid: values.twilioAccountSid,
        twilioAuthToken: values.twilioAuthToken,
      };
    case 'vonage':
      return {
        provider: 'vonage',
        name,
        ...answeredBy,
        number: values.number,
        vonageApiKey: values.vonageApiKey,
        vonageApiSecret: values.vonageApiSecret,
      };
  }
}

type Props = { opened: boolean; onClose: () => void };

/** Buy a number on the platform, or import one the business has at Twilio or Vonage. */
export function AddPhoneNumberModal({ opened, onClose }: Props) {
  const create = useCreatePhoneNumber();
  const { form, close, submit } = useCreateForm({
    create,
    empty: EMPTY,
    // The shared schema checks the fields of the chosen provider (and only those).
    schema: createPhoneNumberSchema,
    toInput,
    // The schema names the agent or squad it missed; the form has one field for both.
    fieldOf: ([first]) =>
      (first === 'agentId' || first === 'squadId' ? 'answeredBy' : first) as
        | keyof FormValues
        | undefined,
    fields: FIELDS,
    onClose,
  });
  const provider = useWatch({ control: form.control, name: 'provider' });
  const { errors } = form.formState;
  const fieldProps = bindField(form.register, errors);

  return (
    <ConsoleFormModal opened={opened} onClose={close} title="Add a phone number" formKey="new">
      <ConsoleForm
        onSubmit={submit}
        mutation={create}
        errorTitle={
          provider === 'vapi' ? 'Could not add the number' : 'Could not import the number'
        }
        onCancel={close}
        submitLabel={provider === 'vapi' ? 'Add number' : 'Import number'}
      >
        <SegmentedControl
          aria-label="Where the number comes from"
          data={[
            { value: 'vapi', label: 'New number' },
            { value: 'twilio', label: 'Import from Twilio' },
            { value: 'vonage', label: 'Import from Vonage' },
          ]}
          value={provider}
          onChange={(value) => {
            form.setValue('provider', value);
            form.clearErrors();
          }}
        />
        <TextInput
          label="Name"
          description="For your own reference, e.g. Reception"
          {...fieldProps('name')}
        />
        {provider === 'vapi' ? (
          <TextInput
            label="Area code"
            description="A free US number in this area code"
            placeholder="415"
            inputMode="numeric"
            {...fieldProps('areaCode')}
          />
        ) : (
          <TextInput
            label="Phone number"
            description="In international format (E.164)"
            placeholder="+14155550123"
            inputMode="tel"
            {...fieldProps('number')}
          />
        )}
        <AnsweredByFields
          control={form.control}
          description="The agent, or the squad of agents, that answers calls to this number (or leave it empty and forward every call to the fallback number)"
          placeholder="Choose an agent or a squad"
        />
        {provider === 'twilio' && (
          <>
            <TextInput
              label="Twilio account SID"
              placeholder="AC…"
              autoComplete="off"
              {...fieldProps('twilioAccountSid')}
            />
            <PasswordInput
              label="Twilio auth token"
              autoComplete="off"
              {...fieldProps('twilioAuthToken')}
            />
          </>
        )}
        {provider === 'vonage' && (
          <>
            <TextInput label="Vonage API key" autoComplete="off" {...fieldProps('vonageApiKey')} />
            <PasswordInput
              label="Vonage API secret"
              autoComplete="off"
              {...fieldProps('vonageApiSecret')}
            />
          </>
        )}
        {provider !== 'vapi' && (
          <Text size="xs" c="dimmed">
            The credentials go straight to the voice platform, which uses them to route the number’s
            calls. Switchboard does not keep them and never shows them again.
          </Text>
        )}
      </ConsoleForm>
    </ConsoleFormModal>
  );
}
