import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import { setupUser } from '../../test/user';
import {
  initialSchemaEditorValue,
  SchemaEditor,
  schemaEditorProblems,
  type SchemaEditorValue,
} from './schema-editor';

/** The editor in a page of its own, its schema readable as the form would send it. */
function Harness({ schema, showProblems = false }: { schema: unknown; showProblems?: boolean }) {
  const [value, setValue] = useState<SchemaEditorValue>(() => initialSchemaEditorValue(schema));
  return (
    <>
      <SchemaEditor
        label="Parameters"
        description="What the agent sends"
        noun={{
          one: 'parameter',
          capitalized: 'Parameter',
          placeholder: 'insurer',
          descriptionHint: 'Optional',
          requiredHint: 'Always sent',
        }}
        value={value}
        onChange={setValue}
        showProblems={showProblems}
      />
      <output aria-label="Sent schema">{value.mode === 'fields' ? value.text : ''}</output>
      <output aria-label="Problems">
        {schemaEditorProblems(value)
          .map((problem) => problem.message)
          .join('; ')}
      </output>
    </>
  );
}

function renderEditor(schema: unknown, showProblems = false) {
  const user = setupUser();
  render(
    <TestProviders>
      <Harness schema={schema} showProblems={showProblems} />
    </TestProviders>,
  );
  const sent = () =>
    JSON.parse(screen.getByRole('status', { name: 'Sent schema' }).textContent ?? '') as {
      properties: Record<string, unknown>;
    };
  return { user, sent };
}

const EMPTY = { type: 'object', properties: {} };

describe('schema editor (fields builder)', () => {
  it('builds two typed parameters with the keyboard: name, type, description, required, allowed values', async () => {
    const { user, sent } = renderEditor(EMPTY);
    expect(screen.getByText('No parameters yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    // The new parameter's name has the focus: typing names it.
    await user.keyboard('insurer');
    const insurer = screen.getByRole('group', { name: 'Parameter insurer' });
    await user.type(
      within(insurer).getByRole('textbox', { name: /^Description/ }),
      'The insurance company',
    );
    await user.click(within(insurer).getByRole('checkbox', { name: 'Required' }));
    await user.type(
      within(insurer).getByRole('combobox', { name: /^Allowed values/ }),
      'Delta{Enter}Aetna{Enter}',
    );

    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    await user.keyboard('members');
    const members = screen.getByRole('group', { name: 'Parameter members' });
    await user.selectOptions(
      within(members).getByRole('combobox', { name: 'Type' }),
      'Whole number',
    );
    // A number has no allowed values nor kind of text.
    expect(
      within(members).queryByRole('combobox', { name: /^Allowed values/ }),
    ).not.toBeInTheDocument();

    expect(sent()).toEqual({
      type: 'object',
      properties: {
        insurer: {
          type: 'string',
          description: 'The insurance company',
          enum: ['Delta', 'Aetna'],
        },
        members: { type: 'integer' },
      },
      required: ['insurer'],
    });
  });

  it('reorders and removes with buttons, the focus staying on the moved parameter', async () => {
    const { user, sent } = renderEditor({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' }, c: { type: 'boolean' } },
    });
    const first = screen.getByRole('group', { name: 'Parameter a' });
    expect(within(first).getByRole('button', { name: 'Move a up' })).toBeDisabled();
    await user.click(within(first).getByRole('button', { name: 'Move a down' }));
    expect(Object.keys(sent().properties)).toEqual(['b', 'a', 'c']);
    expect(screen.getByRole('button', { name: 'Move a down' })).toHaveFocus();
    // Enter on the focused button moves it again; now last, the focus goes to its Move up.
    await user.keyboard('{Enter}');
    expect(Object.keys(sent().properties)).toEqual(['b', 'c', 'a']);
    expect(screen.getByRole('button', { name: 'Move a up' })).toHaveFocus();

    const b = screen.getByRole('group', { name: 'Parameter b' });
    await user.click(within(b).getByRole('button', { name: 'Remove b' }));
    expect(Object.keys(sent().properties)).toEqual(['c', 'a']);
    expect(screen.getByRole('button', { name: 'Add parameter' })).toHaveFocus();
  });

  it('nests a group of fields and a list of groups', async () => {
    const { user, sent } = renderEditor(EMPTY);
    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    await user.keyboard('address');
    const address = screen.getByRole('group', { name: 'Parameter address' });
    await user.selectOptions(
      within(address).getByRole('combobox', { name: 'Type' }),
      'Group of fields',
    );
    await user.click(within(address).getByRole('button', { name: 'Add parameter to address' }));
    await user.keyboard('zip');
    const zip = within(address).getByRole('group', { name: 'Parameter zip' });
    await user.click(within(zip).getByRole('checkbox', { name: 'Required' }));

    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    await user.keyboard('visits');
    const visits = screen.getByRole('group', { name: 'Parameter visits' });
    await user.selectOptions(within(visits).getByRole('combobox', { name: 'Type' }), 'List');
    await user.selectOptions(
      within(visits).getByRole('combobox', { name: 'Each item of visits is' }),
      'Group of fields',
    );
    await user.click(
      within(visits).getByRole('button', { name: 'Add parameter to each item of visits' }),
    );
    await user.keyboard('on');
    await user.selectOptions(
      within(within(visits).getByRole('group', { name: 'Parameter on' })).getByRole('combobox', {
        name: 'Kind of text',
      }),
      'Date',
    );

    expect(sent()).toEqual({
      type: 'object',
      properties: {
        address: {
          type: 'object',
          properties: { zip: { type: 'string' } },
          required: ['zip'],
        },
        visits: {
          type: 'array',
          items: { type: 'object', properties: { on: { type: 'string', format: 'date' } } },
        },
      },
    });
  });

  it('round-trips through the advanced view: edits in JSON come back as fields', async () => {
    const { user, sent } = renderEditor({
      type: 'object',
      properties: { reason: { type: 'string', enum: ['booking', 'question'] } },
      required: ['reason'],
    });
    await user.click(screen.getByRole('radio', { name: 'Advanced (JSON)' }));
    const json = screen.getByRole('textbox', { name: 'JSON Schema' });
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual({
      type: 'object',
      properties: { reason: { type: 'string', enum: ['booking', 'question'] } },
      required: ['reason'],
    });
    await user.clear(json);
    await user.click(json);
    await user.paste(
      '{"type":"object","properties":{"reason":{"type":"string"},"urgent":{"type":"boolean"}},"required":["urgent"]}',
    );
    await user.click(screen.getByRole('radio', { name: 'Fields' }));
    const urgent = screen.getByRole('group', { name: 'Parameter urgent' });
    expect(within(urgent).getByRole('combobox', { name: 'Type' })).toHaveValue('boolean');
    expect(within(urgent).getByRole('checkbox', { name: 'Required' })).toBeChecked();
    expect(sent()).toEqual({
      type: 'object',
      properties: { reason: { type: 'string' }, urgent: { type: 'boolean' } },
      required: ['urgent'],
    });
  });

  it('keeps JSON the fields cannot show in the advanced view, with a plain note, as written', async () => {
    const schema = {
      type: 'object',
      properties: { when: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
    };
    const { user } = renderEditor(schema);
    expect(screen.getByRole('radio', { name: 'Advanced (JSON)' })).toBeChecked();
    expect(
      screen.getByText(
        'The fields view cannot show this schema: the field “when” uses “oneOf”. It is kept here as written, so nothing is lost.',
      ),
    ).toBeInTheDocument();
    const json = screen.getByRole('textbox', { name: 'JSON Schema' });
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual(schema);
    // Asking for the fields again keeps the JSON and says why.
    await user.click(screen.getByRole('radio', { name: 'Fields' }));
    expect(screen.getByRole('radio', { name: 'Advanced (JSON)' })).toBeChecked();
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual(schema);

    await user.clear(json);
    await user.click(json);
    await user.paste('{ "type": "object", ');
    await user.click(screen.getByRole('radio', { name: 'Fields' }));
    expect(
      screen.getByText('This is not valid JSON yet: fix it here before going back to the fields.'),
    ).toBeInTheDocument();
  });

  it('names a parameter without a name and a repeated name under their inputs', async () => {
    const { user } = renderEditor(
      { type: 'object', properties: { reason: { type: 'string' } } },
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    const unnamed = screen.getByRole('group', { name: 'Parameter 2, no name yet' });
    expect(within(unnamed).getByText('Give the field a name')).toBeInTheDocument();
    await user.type(within(unnamed).getByRole('textbox', { name: 'Name' }), 'reason');
    const repeated = screen.getAllByRole('group', { name: 'Parameter reason' })[1]!;
    expect(within(repeated).getByText('Another field here has this name')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Problems' })).toHaveTextContent(
      'Another field here has this name',
    );
  });
});
