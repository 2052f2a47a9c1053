import { Alert, Input, JsonInput, SegmentedControl, Stack } from '@mantine/core';
import {
  fieldProblems,
  fieldsToSchema,
  schemaToFields,
  type FieldProblem,
  type SchemaField,
} from '@switchboard/shared/schema-fields';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FieldList, type FieldNoun } from './field-list';

/**
 * What the editor holds: the fields (builder) or the JSON text (advanced view), always with the
 * text the form sends. `note`: why the builder cannot show the text, when it cannot.
 */
export type SchemaEditorValue = {
  mode: 'fields' | 'json';
  fields: SchemaField[];
  text: string;
  note: string | null;
};

const INVALID_JSON = 'This is not valid JSON yet: fix it here before going back to the fields.';

const toText = (schema: unknown) => JSON.stringify(schema, null, 2);

/** The editor's start: the builder when the schema fits it, else the JSON as written. */
export function initialSchemaEditorValue(schema: unknown): SchemaEditorValue {
  const text = toText(schema);
  const fields = schemaToFields(schema);
  return fields.ok
    ? {
        mode: 'fields',
        fields: fields.fields,
        text: toText(fieldsToSchema(fields.fields)),
        note: null,
      }
    : { mode: 'json', fields: [], text, note: fields.reason };
}

/** The problems that keep the builder's fields from being saved (none in the JSON view). */
export function schemaEditorProblems(value: SchemaEditorValue): FieldProblem[] {
  return value.mode === 'fields' ? fieldProblems(value.fields) : [];
}

/**
 * A console form's schema (a tool's parameters, a structured output's fields): what the editor
 * holds, whether a save was tried (the builder's problems show from then on), and the editor's
 * props, which keep the form's text field (`setText`) in step.
 */
export function useSchemaDraft(schema: unknown) {
  const [value, setValue] = useState<SchemaEditorValue>(() =>
    initialSchemaEditorValue(schema ?? { type: 'object', properties: {} }),
  );
  const [triedToSave, setTriedToSave] = useState(false);
  return {
    value,
    triedToSave,
    /** The builder's own checks (a name on each field, none twice) fail. */
    blocked: schemaEditorProblems(value).length > 0,
    /** The form's onSubmit: marks the save as tried, then submits. */
    onSubmit: (submit: (event: FormEvent) => Promise<void>) => (event: FormEvent) => {
      setTriedToSave(true);
      void submit(event);
    },
    editorProps: (setText: (text: string) => void) => ({
      value,
      showProblems: triedToSave,
      onChange: (next: SchemaEditorValue) => {
        setValue(next);
        setText(next.text);
      },
    }),
  };
}

type Props = {
  label: string;
  description: string;
  noun: FieldNoun;
  value: SchemaEditorValue;
  onChange: (value: SchemaEditorValue) => void;
  /** The form's message about the text (the JSON view's own checks, or the server's). */
  error?: string | undefined;
  /** Show the builder's problems under their inputs (after a first try to save). */
  showProblems: boolean;
};

/**
 * Typed fields first, with an "Advanced (JSON)" view of the same schema. Going back to the
 * fields reads the JSON again; JSON the fields cannot show stays in the JSON view, with why.
 */
export function SchemaEditor({
  label,
  description,
  noun,
  value,
  onChange,
  error,
  showProblems,
}: Props) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const problems = showProblems ? schemaEditorProblems(value) : [];

  const switchTo = (mode: string) => {
    if (mode === 'json') {
      setRefusal(null);
      onChange({ ...value, mode: 'json', note: null });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value.text);
    } catch {
      setRefusal(INVALID_JSON);
      return;
    }
    const fields = schemaToFields(parsed);
    if (!fields.ok) {
      setRefusal(fields.reason);
      return;
    }
    setRefusal(null);
    onChange({ mode: 'fields', fields: fields.fields, text: value.text, note: null });
  };

  const note = refusal ?? value.note;

  return (
    <Input.Wrapper
      label={label}
      description={description}
      component="div"
      role="group"
      aria-label={label}
    >
      <Stack gap="xs" mt={6}>
        <SegmentedControl
          value={value.mode}
          onChange={switchTo}
          aria-label={`${label}: how to edit`}
          data={[
            { value: 'fields', label: 'Fields' },
            { value: 'json', label: 'Advanced (JSON)' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {value.mode === 'fields' ? (
          <>
            {error ? (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            ) : null}
            <FieldList
              fields={value.fields}
              onChange={(fields) =>
                onChange({ ...value, fields, text: toText(fieldsToSchema(fields)) })
              }
              noun={noun}
              problems={problems}
            />
          </>
        ) : (
          <>
            {note ? (
              <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
                {note === INVALID_JSON
                  ? note
                  : `The fields view cannot show this schema: ${note}. It is kept here as written, so nothing is lost.`}
              </Alert>
            ) : null}
            <JsonInput
              label="JSON Schema"
              description='An object: "type": "object" with its "properties" (and "required")'
              autosize
              minRows={8}
              // Not formatOnBlur: the reformatted text grows the field as it loses focus, which
              // moves the save button away from under a pointer on its way to click it.
              validationError="Not valid JSON"
              value={value.text}
              onChange={(text) => onChange({ ...value, text })}
              error={error}
            />
          </>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
