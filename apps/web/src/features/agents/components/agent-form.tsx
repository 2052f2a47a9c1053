import { zodResolver } from '@hookform/resolvers/zod';
import {
  Autocomplete,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  type AutocompleteProps,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import {
  AGENT_NAME_MAX_LENGTH,
  agentSettingsSchema,
  MODEL_PROVIDERS,
  NO_EXTRA_TOOLS,
  VOICE_PROVIDERS,
  type AgentSettings,
  type AgentSettingsFormValues,
  type ModelProvider,
  type VoiceOption,
  type VoiceProvider,
} from '@switchboard/shared/agents';
import { useRef, type ReactNode } from 'react';
import {
  type Control,
  useController,
  useForm,
  type UseFormSetError,
  useWatch,
} from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { AgentToolsFields } from './agent-tools-fields';
import { FormActions } from '../../../components/form-actions';
import { bindField, controlledProps } from '../../../lib/bind-field';
import { FormAlert } from '../../../components/form-alert';

const AGENT_SETTINGS_FIELDS = [
  'name',
  'firstMessage',
  'systemPrompt',
  'voiceProvider',
  'voiceId',
  'modelProvider',
  'model',
  'endCallMessage',
  'tools',
] as const satisfies readonly (keyof AgentSettingsFormValues)[];

export type AgentFormSetError = UseFormSetError<AgentSettingsFormValues>;

/**
 * Puts the server's field messages (400 VALIDATION_ERROR) under the agent form's fields.
 * True when at least one field got one, so the caller can drop the general alert.
 */
export function applyAgentFieldErrors(error: unknown, setError: AgentFormSetError): boolean {
  return applyServerFieldErrors<AgentSettingsFormValues>(error, AGENT_SETTINGS_FIELDS, setError);
}

const voiceProviderOptions = Object.entries(VOICE_PROVIDERS).map(([value, { label }]) => ({
  value,
  label,
}));
const modelProviderOptions = Object.entries(MODEL_PROVIDERS).map(([value, { label }]) => ({
  value,
  label,
}));

function voiceOptionsOf(provider: string | undefined): readonly VoiceOption[] {
  return provider && provider in VOICE_PROVIDERS
    ? VOICE_PROVIDERS[provider as VoiceProvider].voices
    : [];
}

function voicesOf(provider: string | undefined): readonly string[] {
  return voiceOptionsOf(provider).map((voice) => voice.id);
}

/** A voice's readable name, or undefined when the id is its name (or it is not suggested). */
function voiceNameOf(provider: string | undefined, id: string): string | undefined {
  const name = voiceOptionsOf(provider).find((voice) => voice.id === id)?.name;
  return name && name.toLowerCase() !== id.toLowerCase() ? name : undefined;
}

/** Voices match on their id or their name (Cartesia's ids are UUIDs). */
const voiceFilter =
  (provider: string | undefined): OptionsFilter =>
  ({ options, search }) => {
    const items = options.filter((option): option is ComboboxItem => 'value' in option);
    const query = search.trim().toLowerCase();
    if (!query || items.some((item) => item.value.toLowerCase() === query)) return items;
    return items.filter(
      (item) =>
        item.value.toLowerCase().includes(query) ||
        (voiceNameOf(provider, item.value) ?? '').toLowerCase().includes(query),
    );
  };

function modelsOf(provider: string | undefined): readonly string[] {
  return provider && provider in MODEL_PROVIDERS
    ? MODEL_PROVIDERS[provider as ModelProvider].models
    : [];
}

// Mantine's default filter narrows the list to the current value, so a field holding "Elliot"
// would suggest only "Elliot". When the value is one of the suggestions, offer them all.
const suggestionsFilter: OptionsFilter = ({ options, search }) => {
  const items = options.filter((option): option is ComboboxItem => 'value' in option);
  const query = search.trim().toLowerCase();
  if (!query || items.some((item) => item.value.toLowerCase() === query)) return items;
  return items.filter((item) => item.label.toLowerCase().includes(query));
};

type AgentFormProps = {
  defaultValues: AgentSettings;
  submitLabel: string;
  /**
   * Sends the settings; the returned promise settles when the request does (a second submit
   * meanwhile is ignored). `setError` puts the server's field messages under the fields.
   */
  onSubmit: (values: AgentSettings, setError: AgentFormSetError) => Promise<unknown>;
  /** The request is under way: the submit button shows it and cannot be pressed again. */
  pending: boolean;
  /** The last failed request, shown in an alert above the fields (null when none). */
  error: unknown;
  errorTitle: string;
  onCancel: () => void;
  /** Left of Cancel and the submit button, e.g. "Delete agent". */
  extraAction?: ReactNode;
  /**
   * Above the buttons, e.g. running the agent tests on these settings before saving them.
   * `readValues` checks the form (showing its messages) and gives the values, or null.
   */
  beforeActions?: (readValues: () => Promise<AgentSettings | null>) => ReactNode;
};

/** What the create and settings dialogs edit, validated by the shared agent settings schema. */
export function AgentForm({
  defaultValues,
  submitLabel,
  onSubmit,
  pending,
  error,
  errorTitle,
  onCancel,
  extraAction,
  beforeActions,
}: AgentFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<AgentSettingsFormValues, unknown, AgentSettings>({
    resolver: zodResolver(agentSettingsSchema),
    defaultValues: { ...defaultValues, tools: defaultValues.tools ?? NO_EXTRA_TOOLS },
  });
  const fieldProps = bindField(register, errors);
  const [voiceProvider, modelProvider] = useWatch({
    control,
    name: ['voiceProvider', 'modelProvider'],
  });
  const inFlight = useRef(false);

  const submit = async (values: AgentSettings) => {
    // Two quick clicks both pass validation before the button turns into a spinner.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await onSubmit(values, setError);
    } finally {
      inFlight.current = false;
    }
  };

  /** A voice (or model) of one provider means nothing to another: start from its first one. */
  const switchProvider = (field: 'voiceId' | 'model', suggestions: readonly string[]): void => {
    const current = getValues(field);
    const first = suggestions[0];
    if (first && !suggestions.includes(current)) {
      setValue(field, first, { shouldDirty: true, shouldValidate: isSubmitted });
    }
  };

  const busy = pending || isSubmitting;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        {Boolean(error) && <FormAlert title={errorTitle} error={error} />}
        <TextInput
          label="Name"
          description={`Shown in your agent list; at most ${AGENT_NAME_MAX_LENGTH} characters`}
          autoComplete="off"
          withAsterisk
          data-autofocus
          {...fieldProps('name')}
        />
        <Textarea
          label="First message"
          description="What the agent says when it picks up"
          autosize
          minRows={2}
          maxRows={5}
          withAsterisk
          {...fieldProps('firstMessage')}
        />
        <Textarea
          label="System prompt"
          description="How the agent behaves: its role, tone and what it may do"
          autosize
          minRows={4}
          maxRows={14}
          withAsterisk
          {...fieldProps('systemPrompt')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <ProviderField
            control={control}
            name="voiceProvider"
            label="Voice provider"
            data={voiceProviderOptions}
            onSwitch={(provider) => switchProvider('voiceId', voicesOf(provider))}
          />
          <SuggestedIdField
            control={control}
            name="voiceId"
            label="Voice"
            description={(voiceId) =>
              voiceNameOf(voiceProvider, voiceId) ?? 'Pick a voice or type any voice id'
            }
            data={voicesOf(voiceProvider)}
            filter={voiceFilter(voiceProvider)}
            renderOption={({ option }) => {
              const name = voiceNameOf(voiceProvider, option.value);
              return name ? (
                <span>
                  {name}{' '}
                  <Text span size="xs" c="dimmed">
                    {option.value}
                  </Text>
                </span>
              ) : (
                option.value
              );
            }}
          />
          <ProviderField
            control={control}
            name="modelProvider"
            label="Model provider"
            data={modelProviderOptions}
            onSwitch={(provider) => switchProvider('model', modelsOf(provider))}
          />
          <SuggestedIdField
            control={control}
            name="model"
            label="Model"
            description={() => 'Pick a suggestion or type any model id'}
            data={modelsOf(modelProvider)}
            filter={suggestionsFilter}
          />
        </SimpleGrid>
        <Textarea
          label="End-call message"
          description="Optional: what the agent says before it hangs up"
          autosize
          minRows={2}
          maxRows={5}
          {...fieldProps('endCallMessage')}
        />
        <AgentToolsFields control={control} errors={errors} />
        {beforeActions?.(
          () =>
            new Promise<AgentSettings | null>((resolve) => {
              void handleSubmit(resolve, () => resolve(null))();
            }),
        )}
        <Group justify="space-between" gap="sm" mt="xs">
          <div>{extraAction}</div>
          <FormActions onCancel={onCancel} pending={busy} submitLabel={submitLabel} gap="sm" />
        </Group>
      </Stack>
    </form>
  );
}

type ProviderFieldProps = {
  control: Control<AgentSettingsFormValues>;
  name: 'voiceProvider' | 'modelProvider';
  label: string;
  data: ComboboxItem[];
  /** A new provider: its own suggestions replace the last one's. */
  onSwitch: (provider: string) => void;
};

/** The voice's or the model's provider: one is always picked. */
function ProviderField({ control, name, label, data, onSwitch }: ProviderFieldProps) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      label={label}
      data={data}
      allowDeselect={false}
      withAsterisk
      {...controlledProps(field, fieldState)}
      value={field.value ?? null}
      onChange={(value) => {
        if (!value) return;
        field.onChange(value);
        onSwitch(value);
      }}
    />
  );
}

type SuggestedIdFieldProps = Omit<
  AutocompleteProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'description'
> & {
  control: Control<AgentSettingsFormValues>;
  name: 'voiceId' | 'model';
  /** Under the label, from the id typed so far. */
  description: (value: string) => ReactNode;
};

/** The voice's or the model's id: the provider's suggestions, or any id typed. */
function SuggestedIdField({ control, name, description, ...props }: SuggestedIdFieldProps) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Autocomplete
      withAsterisk
      autoComplete="off"
      {...props}
      description={description(field.value ?? '')}
      {...controlledProps(field, fieldState)}
      value={field.value ?? ''}
      onChange={field.onChange}
    />
  );
}
