import { describe, expect, it } from 'vitest';
import {
  emptyField,
  emptyShape,
  fieldProblems,
  fieldsToSchema,
  schemaToFields,
  type SchemaField,
} from './schema-fields';
import { structuredOutputSchemaProblem } from './structured-outputs';

// Shapes from the platform document's own examples (the handoff function's parameters, the
// variable-extraction plan's nested `user`, an array of zip codes inside an object) and a dental
// practice's structured output.
const HANDOFF_PARAMETERS = {
  type: 'object',
  properties: {
    destination: {
      type: 'string',
      description: 'Use dynamic when the caller is ready to be handed off',
      enum: ['dynamic'],
    },
    customerAreaCode: { type: 'number', description: 'Area code of the customer' },
    customerIntent: { type: 'string', enum: ['new-customer', 'existing-customer'] },
  },
  required: ['destination', 'customerIntent'],
};

const NESTED_USER = {
  type: 'object',
  properties: {
    user: {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'number' } },
    },
  },
};

const DENTAL_OUTPUT = {
  type: 'object',
  properties: {
    callerName: { type: 'string', description: "The caller's full name" },
    reason: { type: 'string', enum: ['booking', 'question', 'complaint'] },
    urgent: { type: 'boolean' },
    preferredDate: { type: 'string', format: 'date' },
    visits: { type: 'integer' },
    zipCodes: { type: 'array', items: { type: 'string' } },
    children: {
      type: 'array',
      description: 'Children to book as well',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, age: { type: 'integer' } },
        required: ['name'],
      },
    },
  },
  required: ['callerName', 'reason'],
};

describe('schemaToFields → fieldsToSchema (JSON to builder and back)', () => {
  it.each([
    ['the handoff parameters', HANDOFF_PARAMETERS],
    ['a nested group', NESTED_USER],
    ['a structured output with lists, kinds of text and allowed values', DENTAL_OUTPUT],
    ['no fields', { type: 'object', properties: {} }],
  ])('%s come back as written', (_label, schema) => {
    const result = schemaToFields(schema);
    if (!result.ok) throw new Error(result.reason);
    expect(fieldsToSchema(result.fields)).toEqual(schema);
    // …and each stays within the platform's subset.
    expect(structuredOutputSchemaProblem(fieldsToSchema(result.fields))).toBeNull();
  });

  it('reads types, required, allowed values and nesting into fields', () => {
    const result = schemaToFields(DENTAL_OUTPUT);
    if (!result.ok) throw new Error(result.reason);
    const byName = new Map(result.fields.map((field) => [field.name, field]));
    expect(result.fields.map((field) => field.name)).toEqual(Object.keys(DENTAL_OUTPUT.properties));
    expect(byName.get('callerName')).toMatchObject({
      type: 'string',
      required: true,
      description: "The caller's full name",
    });
    expect(byName.get('reason')?.allowedValues).toEqual(['booking', 'question', 'complaint']);
    expect(byName.get('urgent')).toMatchObject({ type: 'boolean', required: false });
    expect(byName.get('preferredDate')?.format).toBe('date');
    const children = byName.get('children');
    expect(children?.items?.type).toBe('object');
    expect(children?.items?.fields.map((field) => [field.name, field.required])).toEqual([
      ['name', true],
      ['age', false],
    ]);
  });

  it('the empty required list of a new tool reads as no required field', () => {
    const result = schemaToFields({ type: 'object', properties: {}, required: [] });
    expect(result).toEqual({ ok: true, fields: [] });
  });

  it.each([
    [
      { type: 'object', properties: { a: { oneOf: [{ type: 'string' }] } } },
      'the field “a” uses “oneOf”',
    ],
    [{ $ref: '#/definitions/Caller' }, 'it uses “$ref”'],
    [
      { type: 'object', properties: { a: { type: 'string', $ref: '#/x' } } },
      'the field “a” uses “$ref”',
    ],
    [
      { type: 'object', properties: { a: { type: 'string', pattern: '^[0-9]{5}$' } } },
      'the field “a” uses “pattern”',
    ],
    [
      { type: 'object', properties: { tags: { type: 'array', items: { type: 'null' } } } },
      'each item of the field “tags” has no type the fields know',
    ],
    [{ type: 'object', title: 'Caller', properties: {} }, 'it uses “title”'],
    [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] },
      'it requires “b”, which is not one of its fields',
    ],
    [{ type: 'array', items: { type: 'string' } }, 'it is not a set of named fields'],
    [
      { type: 'object', properties: { n: { type: 'number', enum: ['1'] } } },
      'the field “n” uses “enum”',
    ],
  ])('keeps %j as JSON: %s', (schema, reason) => {
    expect(schemaToFields(schema)).toEqual({ ok: false, reason });
  });
});

/** A field as the builder makes it, with overrides. */
function field(overrides: Partial<SchemaField>): SchemaField {
  return { ...emptyField(), ...overrides };
}

describe('fieldsToSchema → schemaToFields (builder to JSON and back)', () => {
  const built: SchemaField[] = [
    field({ name: 'insurer', description: 'The insurance company', required: true }),
    field({ name: 'plan', allowedValues: ['basic', 'premium'] }),
    field({ name: 'members', type: 'integer' }),
    field({ name: 'covered', type: 'boolean', required: true }),
    field({
      name: 'address',
      type: 'object',
      fields: [
        field({ name: 'street', required: true }),
        field({ name: 'zip', type: 'string', format: null }),
      ],
    }),
    field({
      name: 'visits',
      type: 'array',
      items: {
        ...emptyShape('object'),
        fields: [field({ name: 'on', format: 'date' }), field({ name: 'cost', type: 'number' })],
      },
    }),
    field({ name: 'codes', type: 'array', items: { ...emptyShape('array'), items: emptyShape() } }),
  ];

  it('gives the same schema again, and the platform takes it', () => {
    const schema = fieldsToSchema(built);
    const back = schemaToFields(JSON.parse(JSON.stringify(schema)));
    if (!back.ok) throw new Error(back.reason);
    expect(fieldsToSchema(back.fields)).toEqual(schema);
    expect(structuredOutputSchemaProblem(schema)).toBeNull();
    expect(schema).toMatchObject({
      required: ['insurer', 'covered'],
      properties: {
        plan: { type: 'string', enum: ['basic', 'premium'] },
        members: { type: 'integer' },
        address: { type: 'object', required: ['street'] },
        visits: { type: 'array', items: { type: 'object' } },
        codes: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
      },
    });
  });

  it('writes only what fits the type: a list keeps no allowed values, a number no kind of text', () => {
    const switched = field({
      name: 'n',
      type: 'number',
      allowedValues: ['a'],
      format: 'date',
      fields: [field({ name: 'x' })],
    });
    expect(fieldsToSchema([switched])).toEqual({
      type: 'object',
      properties: { n: { type: 'number' } },
    });
  });

  it('a list without an item type yet holds text', () => {
    expect(fieldsToSchema([field({ name: 'tags', type: 'array', items: null })])).toEqual({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } } },
    });
  });
});

describe('fieldProblems', () => {
  it('names a field without a name, a repeated name and a repeated allowed value', () => {
    const unnamed = field({ name: ' ' });
    const first = field({ name: 'reason' });
    const again = field({ name: 'reason', allowedValues: ['a', 'a'] });
    const nestedUnnamed = field({ name: '' });
    const group = field({ name: 'group', type: 'object', fields: [nestedUnnamed] });
    expect(fieldProblems([unnamed, first, again, group])).toEqual([
      { id: unnamed.id, part: 'name', message: 'Give the field a name' },
      { id: again.id, part: 'name', message: 'Another field here has this name' },
      { id: again.id, part: 'allowedValues', message: 'Each allowed value once' },
      { id: nestedUnnamed.id, part: 'name', message: 'Give the field a name' },
    ]);
  });

  it('the same name in two different groups is fine', () => {
    const a = field({ name: 'group', type: 'object', fields: [field({ name: 'name' })] });
    expect(fieldProblems([field({ name: 'name' }), a])).toEqual([]);
  });
});
