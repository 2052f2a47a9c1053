import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  emptyField,
  emptyShape,
  FIELD_TYPE_LABELS,
  TEXT_FORMAT_LABELS,
  type FieldProblem,
  type FieldType,
  type SchemaField,
  type TextFormat,
  type ValueShape,
} from '@switchboard/shared/schema-fields';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

const TYPE_OPTIONS = Object.entries(FIELD_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const FORMAT_OPTIONS = [
  { value: '', label: 'Any text' },
  ...Object.entries(TEXT_FORMAT_LABELS).map(([value, label]) => ({ value, label })),
];

/** How the list speaks of its entries: "parameter" on a tool, "field" on an output. */
export type FieldNoun = {
  one: string;
  capitalized: string;
  placeholder: string;
  /** Under each Description. */
  descriptionHint: string;
  /** Under each Required. */
  requiredHint: string;
};

type Shared = {
  noun: FieldNoun;
  /** Problems to show under the inputs they concern (after a first try to save). */
  problems: FieldProblem[];
};

type FieldListProps = Shared & {
  fields: SchemaField[];
  onChange: (fields: SchemaField[]) => void;
  /** Nesting depth: 0 for the top list. */
  depth?: number;
  /** The group the list belongs to, for the add button's name ("Add field to address"). */
  parentName?: string;
};

type Focus = { id: string; target: 'name' | 'up' | 'down' | 'add' };

/**
 * An ordered list of typed fields: add, remove and move each with buttons (so the keyboard does
 * it all), focus kept on the field being worked on.
 */
export function FieldList({
  fields,
  onChange,
  noun,
  problems,
  depth = 0,
  parentName,
}: FieldListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  // This list's own add button (nested lists have theirs).
  const listId = useId();
  const pendingFocus = useRef<Focus | null>(null);
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus || !listRef.current) return;
    const selector =
      focus.target === 'add'
        ? `[data-field-add="${listId}"]`
        : `[data-field-focus="${focus.id}-${focus.target}"]`;
    const element = listRef.current.querySelector<HTMLElement>(selector);
    // Another render may come before the one with the change: wait for it.
    if (!element) return;
    pendingFocus.current = null;
    // A move button that became disabled (now first or last): its sibling takes the focus.
    if (element && !element.hasAttribute('disabled') && element.dataset.disabled === undefined) {
      element.focus();
    } else if (focus.target === 'up' || focus.target === 'down') {
      const other = focus.target === 'up' ? 'down' : 'up';
      listRef.current
        .querySelector<HTMLElement>(`[data-field-focus="${focus.id}-${other}"]`)
        ?.focus();
    }
  });

  const replace = (index: number, field: SchemaField) =>
    onChange(fields.map((entry, at) => (at === index ? field : entry)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    pendingFocus.current = { id: moved!.id, target: by === -1 ? 'up' : 'down' };
    onChange(next);
  };
  const remove = (index: number) => {
    pendingFocus.current = { id: '', target: 'add' };
    onChange(fields.filter((_, at) => at !== index));
  };
  const add = () => {
    const field = emptyField();
    pendingFocus.current = { id: field.id, target: 'name' };
    onChange([...fields, field]);
  };

  return (
    <Stack gap="xs" ref={listRef}>
      {fields.length === 0 && depth === 0 ? (
        <Text size="sm" c="dimmed">
          No {noun.one}s yet.
        </Text>
      ) : null}
      {fields.map((field, index) => (
        <FieldCard
          key={field.id}
          field={field}
          position={index + 1}
          count={fields.length}
          noun={noun}
          problems={problems}
          depth={depth}
          onChange={(next) => replace(index, next)}
          onMove={(by) => move(index, by)}
          onRemove={() => remove(index)}
        />
      ))}
      <Box>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          data-field-add={listId}
        >
          {parentName ? `Add ${noun.one} to ${parentName}` : `Add ${noun.one}`}
        </Button>
      </Box>
    </Stack>
  );
}

type FieldCardProps = Shared & {
  field: SchemaField;
  position: number;
  count: number;
  depth: number;
  onChange: (field: SchemaField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

function FieldCard({
  field,
  position,
  count,
  noun,
  problems,
  depth,
  onChange,
  onMove,
  onRemove,
}: FieldCardProps) {
  const title = field.name.trim() || `${noun.one} ${position}`;
  const nameProblem = problems.find(
    (problem) => problem.id === field.id && problem.part === 'name',
  );
  const moveButton = (by: -1 | 1) => {
    const label = `Move ${title} ${by === -1 ? 'up' : 'down'}`;
    const disabled = by === -1 ? position === 1 : position === count;
    return (
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          disabled={disabled}
          onClick={() => onMove(by)}
          data-field-focus={`${field.id}-${by === -1 ? 'up' : 'down'}`}
        >
          {by === -1 ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
        </ActionIcon>
      </Tooltip>
    );
  };
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-label={
        field.name.trim()
          ? `${noun.capitalized} ${field.name.trim()}`
          : `${noun.capitalized} ${position}, no name yet`
      }
      bg={depth % 2 === 1 ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label="Name"
            placeholder={noun.placeholder}
            value={field.name}
            onChange={(event) => onChange({ ...field, name: event.currentTarget.value })}
            error={nameProblem?.message}
            style={{ flex: '1 1 10rem' }}
            data-field-focus={`${field.id}-name`}
          />
          <NativeSelect
            label="Type"
            data={TYPE_OPTIONS}
            value={field.type}
            onChange={(event) => onChange(withType(field, event.currentTarget.value as FieldType))}
            style={{ flex: '1 1 9rem' }}
          />
        </Group>
        <Group gap={4} justify="space-between" wrap="nowrap">
          <Checkbox
            label="Required"
            description={noun.requiredHint}
            checked={field.required}
            onChange={(event) => onChange({ ...field, required: event.currentTarget.checked })}
          />
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            {moveButton(-1)}
            {moveButton(1)}
            <Tooltip label={`Remove ${title}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${title}`}
                onClick={onRemove}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <ShapeDetails
          shape={field}
          onChange={(shape) => onChange({ ...field, ...shape })}
          owner={field}
          title={title}
          noun={noun}
          problems={problems}
          depth={depth}
        />
      </Stack>
    </Paper>
  );
}

/** The type's own settings, and the description every value has. */
function ShapeDetails({
  shape,
  onChange,
  owner,
  title,
  noun,
  problems,
  depth,
}: Shared & {
  shape: ValueShape;
  onChange: (shape: ValueShape) => void;
  /** The field the problems are filed under (a list's items report to their field). */
  owner: SchemaField;
  title: string;
  depth: number;
}) {
  const valuesProblem = problems.find(
    (problem) => problem.id === owner.id && problem.part === 'allowedValues',
  );
  const isItem = shape !== owner;
  let details: ReactNode = null;
  if (shape.type === 'string') {
    details = (
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NativeSelect
          label={isItem ? 'Kind of text of each item' : 'Kind of text'}
          data={FORMAT_OPTIONS}
          value={shape.format ?? ''}
          onChange={(event) =>
            onChange({ ...shape, format: (event.currentTarget.value || null) as TextFormat | null })
          }
          style={{ flex: '1 1 9rem' }}
        />
        <TagsInput
          label={isItem ? 'Allowed values of each item' : 'Allowed values'}
          description="Optional: only these; press Enter after each"
          placeholder={shape.allowedValues.length === 0 ? 'Any value' : undefined}
          value={shape.allowedValues}
          onChange={(allowedValues) => onChange({ ...shape, allowedValues })}
          error={valuesProblem?.message}
          acceptValueOnBlur
          style={{ flex: '2 1 14rem' }}
        />
      </Group>
    );
  } else if (shape.type === 'object') {
    details = (
      <Box
        pl={{ base: 'xs', xs: 'md' }}
        style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
      >
        <FieldList
          fields={shape.fields}
          onChange={(fields) => onChange({ ...shape, fields })}
          noun={noun}
          problems={problems}
          depth={depth + 1}
          parentName={isItem ? `each item of ${title}` : title}
        />
      </Box>
    );
  } else if (shape.type === 'array') {
    const items = shape.items ?? emptyShape();
    details = (
      <Stack
        gap="xs"
        pl={{ base: 'xs', xs: 'md' }}
        style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
      >
        <NativeSelect
          label={`Each item of ${title} is`}
          data={TYPE_OPTIONS}
          value={items.type}
          onChange={(event) =>
            onChange({ ...shape, items: withType(items, event.currentTarget.value as FieldType) })
          }
          maw={260}
        />
        <ShapeDetails
          shape={items}
          onChange={(next) => onChange({ ...shape, items: next })}
          owner={owner}
          title={title}
          noun={noun}
          problems={problems}
          depth={depth}
        />
      </Stack>
    );
  }
  return (
    <>
      <TextInput
        label={isItem ? 'Description of each item' : 'Description'}
        description={isItem ? undefined : noun.descriptionHint}
        value={shape.description}
        onChange={(event) => onChange({ ...shape, description: event.currentTarget.value })}
      />
      {details}
    </>
  );
}

/** A new type keeps what the field had (switching back restores it); a list gets text items. */
function withType<T extends ValueShape>(shape: T, type: FieldType): T {
  return { ...shape, type, items: type === 'array' && !shape.items ? emptyShape() : shape.items };
}
