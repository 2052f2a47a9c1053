import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import type { AgentSettingsFormValues } from '@switchboard/shared/agents';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type Control,
  type FieldErrors,
  useController,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { useAgentToolChoices } from '../../../lib/api/get-agent-tool-choices';
import { controlledProps } from '../../../lib/bind-field';
import { FormTextInput } from '../../../components/console-fields';

const MANAGED = [
  {
    name: 'create_enquiry',
    label: 'Record enquiries',
    hint: 'Questions and requests for the team',
  },
  { name: 'book_appointment', label: 'Book appointments', hint: 'Into your appointments list' },
] as const;

type AgentToolsFieldsProps = {
  control: Control<AgentSettingsFormValues>;
  errors: FieldErrors<AgentSettingsFormValues>;
};

/**
 * The agent's tools: Switchboard's two (always attached), the platform's built-in end-call,
 * keypad and transfer tools, and the business's own tools.
 */
export function AgentToolsFields({ control, errors }: AgentToolsFieldsProps) {
  const choices = useAgentToolChoices();
  const transferOn = useWatch({ control, name: 'tools.transferCall' });
  const destinations = useFieldArray({ control, name: 'tools.transferDestinations' });
  const toolErrors = errors.tools;

  return (
    <Fieldset legend="Tools" variant="unstyled">
      <Stack gap="sm">
        <Stack gap={6} aria-label="Switchboard tools">
          {MANAGED.map((tool) => (
            <Group key={tool.name} gap="xs" wrap="nowrap" justify="space-between">
              <div>
                <Text size="sm" fw={500}>
                  {tool.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {tool.hint}
                </Text>
              </div>
              <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                Always attached
              </Badge>
            </Group>
          ))}
        </Stack>
        <ToolSwitch
          control={control}
          name="tools.endCall"
          label="End call"
          description="The agent can hang up once the conversation is over"
        />
        <ToolSwitch
          control={control}
          name="tools.dtmf"
          label="Keypad (DTMF)"
          description="The agent can press phone keys, e.g. to get through a phone menu"
        />
        <ToolSwitch
          control={control}
          name="tools.transferCall"
          label="Transfer call"
          description="The agent can pass the caller on to one of these numbers"
          onToggle={(on) => {
            if (on && destinations.fields.length === 0)
              destinations.append({ number: '', description: '' });
          }}
        />
        {transferOn && (
          <Stack gap="xs" pl={{ base: 0, sm: 'xl' }}>
            {destinations.fields.map((destination, index) => (
              <Group key={destination.id} gap="xs" align="flex-start" wrap="nowrap">
                <FormTextInput
                  control={control}
                  name={`tools.transferDestinations.${index}.number`}
                  label={`Number ${index + 1}`}
                  placeholder="+14155550123"
                  autoComplete="off"
                  inputMode="tel"
                  style={{ flex: 1 }}
                />
                <FormTextInput
                  control={control}
                  name={`tools.transferDestinations.${index}.description`}
                  label={`Who answers ${index + 1}`}
                  placeholder="Front desk"
                  autoComplete="off"
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  aria-label={`Remove number ${index + 1}`}
                  onClick={() => destinations.remove(index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {toolErrors?.transferDestinations?.message && (
              <Text size="xs" c="red" role="alert">
                {toolErrors.transferDestinations.message}
              </Text>
            )}
            {destinations.fields.length < 10 && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => destinations.append({ number: '', description: '' })}
                style={{ alignSelf: 'flex-start' }}
              >
                Add number
              </Button>
            )}
          </Stack>
        )}
        <ChoiceGroup
          control={control}
          name="tools.customToolIds"
          label="Your tools"
          choices={choices}
          items={choices.data?.custom}
          noun="tools"
          none="Your business has no tools of its own yet."
        />
        <ChoiceGroup
          control={control}
          name="tools.knowledgeBaseIds"
          label="Knowledge bases"
          description="The agent answers callers' questions from these"
          choices={choices}
          items={choices.data?.knowledgeBases}
          noun="knowledge bases"
          none="Your business has no knowledge bases yet (Knowledge bases, under Platform)."
        />
      </Stack>
    </Fieldset>
  );
}

type ToolSwitchProps = {
  control: Control<AgentSettingsFormValues>;
  name: 'tools.endCall' | 'tools.dtmf' | 'tools.transferCall';
  label: string;
  description: string;
  /** After the tool is switched on or off. */
  onToggle?: (on: boolean) => void;
};

/** One of the platform's built-in tools, on or off. */
function ToolSwitch({ control, name, label, description, onToggle }: ToolSwitchProps) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Switch
      label={label}
      description={description}
      checked={field.value ?? false}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        field.onChange(on);
        onToggle?.(on);
      }}
      {...controlledProps(field, fieldState)}
    />
  );
}

type ChoiceGroupProps = {
  control: Control<AgentSettingsFormValues>;
  name: 'tools.customToolIds' | 'tools.knowledgeBaseIds';
  label: string;
  description?: string;
  /** The request for the business's tools and knowledge bases. */
  choices: { isPending: boolean; isError: boolean };
  items: { id: string; name: string }[] | undefined;
  /** "tools": in "Loading your tools" and "Your tools could not be loaded." */
  noun: string;
  /** Said when the business has none. */
  none: string;
};

/** The business's own tools or knowledge bases, one checkbox each, attached when ticked. */
function ChoiceGroup({
  control,
  name,
  label,
  description,
  choices,
  items,
  noun,
  none,
}: ChoiceGroupProps) {
  const { field } = useController({ control, name });
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={field.value ?? []}
      onChange={field.onChange}
    >
      {choices.isPending ? (
        <Loader size="xs" mt="xs" aria-label={`Loading your ${noun}`} />
      ) : items && items.length > 0 ? (
        <Stack gap={6} mt="xs">
          {items.map((item) => (
            <Checkbox key={item.id} value={item.id} label={item.name || item.id} />
          ))}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          {choices.isError ? `Your ${noun} could not be loaded.` : none}
        </Text>
      )}
    </Checkbox.Group>
  );
}
