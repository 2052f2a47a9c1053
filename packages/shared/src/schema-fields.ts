import { STRUCTURED_OUTPUT_FORMATS, STRUCTURED_OUTPUT_TYPES } from './structured-outputs';

/**
 * The field builder's model of a schema (a tool's parameters, a structured output's fields):
 * typed fields with a name, a description, required or not, allowed values, and nested fields
 * or list items. Converted both ways with the platform's JSON Schema subset (`JsonSchema`,
 * `OpenAIFunctionParameters`); a schema the builder cannot show whole is reported, never
 * trimmed, so the advanced JSON view keeps it as written.
 */

export type FieldType = (typeof STRUCTURED_OUTPUT_TYPES)[number];
export type TextFormat = (typeof STRUCTURED_OUTPUT_FORMATS)[number];

/** What the owner reads in the type picker. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes/no',
  array: 'List',
  object: 'Group of fields',
};

/** The kinds of text the platform knows (its `format`), in plain words. */
export const TEXT_FORMAT_LABELS: Record<TextFormat, string> = {
  date: 'Date',
  time: 'Time',
  'date-time': 'Date and time',
  duration: 'Length of time',
  email: 'Email address',
  hostname: 'Web address (host name)',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  uuid: 'Identifier (UUID)',
};

/** A value's shape: a field's own, or each item of a list. */
export type ValueShape = {
  type: FieldType;
  description: string;
  /** Text only: the values it may take (none: any). */
  allowedValues: string[];
  /** Text only: the kind of text (none: any). */
  format: TextFormat | null;
  /** Group of fields only. */
  fields: SchemaField[];
  /** List only: the shape of each item. */
  items: ValueShape | null;
};

/** One named field. `id` is the builder's own (stable across renames and moves), never sent. */
export type SchemaField = ValueShape & { id: string; name: string; required: boolean };

let counter = 0;
/** A fresh builder id: unique within the page, never part of the schema. */
export function newFieldId(): string {
  counter += 1;
  return `field-${counter}`;
}

export function emptyShape(type: FieldType = 'string'): ValueShape {
  return { type, description: '', allowedValues: [], format: null, fields: [], items: null };
}

export function emptyField(type: FieldType = 'string'): SchemaField {
  return { ...emptyShape(type), id: newFieldId(), name: '', required: false };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

/** The shape as the platform's JSON Schema: only what is set, in the builder's order. */
export function shapeToSchema(shape: ValueShape): Json {
  const schema: Json = { type: shape.type };
  if (shape.description.trim() !== '') schema.description = shape.description.trim();
  if (shape.type === 'string') {
    if (shape.format) schema.format = shape.format;
    if (shape.allowedValues.length > 0) schema.enum = [...shape.allowedValues];
  }
  if (shape.type === 'object') Object.assign(schema, fieldsToObject(shape.fields));
  if (shape.type === 'array') schema.items = shapeToSchema(shape.items ?? emptyShape());
  return schema;
}

function fieldsToObject(fields: SchemaField[]): { properties: Json; required?: string[] } {
  const properties: Json = {};
  for (const field of fields) properties[field.name.trim()] = shapeToSchema(field);
  const required = fields.filter((field) => field.required).map((field) => field.name.trim());
  return required.length > 0 ? { properties, required } : { properties };
}

/** The fields as an object schema: `{ type: "object", properties, required? }`. */
export function fieldsToSchema(fields: SchemaField[]): Json {
  return { type: 'object', ...fieldsToObject(fields) };
}

/** Either the builder's fields, or why the schema must stay as JSON (plain words, lower case). */
export type FieldsFromSchema = { ok: true; fields: SchemaField[] } | { ok: false; reason: string };

class Unrepresentable extends Error {}

const SHAPE_KEYS: Record<FieldType, readonly string[]> = {
  string: ['type', 'description', 'enum', 'format'],
  number: ['type', 'description'],
  integer: ['type', 'description'],
  boolean: ['type', 'description'],
  array: ['type', 'description', 'items'],
  object: ['type', 'description', 'properties', 'required'],
};

const ALL_KEYS = new Set(Object.values(SHAPE_KEYS).flat());

/** `where` names the place for the owner: "the field “insurer”", "the items of “tags”". */
function schemaToShape(schema: unknown, where: string): ValueShape {
  if (!isObject(schema)) throw new Unrepresentable(`${where} is not a field`);
  const foreign = Object.keys(schema).find((key) => !ALL_KEYS.has(key));
  if (foreign !== undefined) {
    throw new Unrepresentable(`${where} uses “${foreign}”`);
  }
  const type = schema.type;
  if (!(STRUCTURED_OUTPUT_TYPES as readonly unknown[]).includes(type)) {
    throw new Unrepresentable(`${where} has no type the fields know`);
  }
  const fieldType = type as FieldType;
  const extra = Object.keys(schema).find((key) => !SHAPE_KEYS[fieldType].includes(key));
  if (extra !== undefined) {
    throw new Unrepresentable(`${where} uses “${extra}”`);
  }
  const shape = emptyShape(fieldType);
  if (schema.description !== undefined) {
    if (typeof schema.description !== 'string') {
      throw new Unrepresentable(`${where} has a description that is not text`);
    }
    shape.description = schema.description;
  }
  if (fieldType === 'string') {
    if (schema.enum !== undefined) {
      if (!isStringList(schema.enum) || schema.enum.length === 0) {
        throw new Unrepresentable(`${where} has allowed values that are not text`);
      }
      shape.allowedValues = [...schema.enum];
    }
    if (schema.format !== undefined) {
      if (!(STRUCTURED_OUTPUT_FORMATS as readonly unknown[]).includes(schema.format)) {
        throw new Unrepresentable(`${where} has a kind of text the fields do not know`);
      }
      shape.format = schema.format as TextFormat;
    }
  }
  if (fieldType === 'object') shape.fields = objectToFields(schema, where);
  if (fieldType === 'array') {
    if (schema.items === undefined) throw new Unrepresentable(`${where} is a list without items`);
    shape.items = schemaToShape(schema.items, `each item of ${where}`);
  }
  return shape;
}

function objectToFields(schema: Json, where: string): SchemaField[] {
  const properties = schema.properties ?? {};
  if (!isObject(properties))
    throw new Unrepresentable(`${where} has fields that are not a list of fields`);
  const required = schema.required ?? [];
  if (!isStringList(required)) {
    throw new Unrepresentable(`${where} has a required list that is not a list of names`);
  }
  const names = Object.keys(properties);
  const unknown = required.find((name) => !names.includes(name));
  if (unknown !== undefined) {
    throw new Unrepresentable(`${where} requires “${unknown}”, which is not one of its fields`);
  }
  if (new Set(required).size !== required.length) {
    throw new Unrepresentable(`${where} lists a required field twice`);
  }
  return names.map((name) => {
    if (name.trim() !== name || name === '') {
      throw new Unrepresentable(`the field “${name}” has spaces around its name`);
    }
    return {
      ...schemaToShape(properties[name], `the field “${name}”`),
      id: newFieldId(),
      name,
      required: required.includes(name),
    };
  });
}

/**
 * The builder's fields for an object schema, or why it stays JSON. The fields' schema is the
 * same schema again (`fieldsToSchema`), except that `required` follows the fields' order and an
 * empty `required` or `properties` is left out.
 */
export function schemaToFields(schema: unknown): FieldsFromSchema {
  try {
    const foreign = isObject(schema)
      ? Object.keys(schema).find((key) => !ALL_KEYS.has(key))
      : undefined;
    if (foreign !== undefined) throw new Unrepresentable(`it uses “${foreign}”`);
    if (!isObject(schema) || schema.type !== 'object') {
      throw new Unrepresentable('it is not a set of named fields');
    }
    const extra = Object.keys(schema).find((key) => !SHAPE_KEYS.object.includes(key));
    if (extra !== undefined) {
      throw new Unrepresentable(`it uses “${extra}” at the top`);
    }
    if (schema.description !== undefined) {
      // The top's own description has no place among the fields.
      throw new Unrepresentable('it has a description of its own, at the top');
    }
    return { ok: true, fields: objectToFields(schema, 'it') };
  } catch (error) {
    if (error instanceof Unrepresentable) return { ok: false, reason: error.message };
    throw error;
  }
}

/** A problem the builder shows under one field's input: by builder id, then what. */
export type FieldProblem = { id: string; part: 'name' | 'allowedValues'; message: string };

/** What must be fixed before the fields make a schema (names missing, repeated, malformed). */
export function fieldProblems(fields: SchemaField[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const visitShape = (shape: ValueShape, id: string) => {
    if (shape.type === 'object') visitFields(shape.fields);
    if (shape.type === 'array' && shape.items) visitShape(shape.items, id);
    if (shape.type === 'string' && new Set(shape.allowedValues).size !== shape.allowedValues.length)
      problems.push({ id, part: 'allowedValues', message: 'Each allowed value once' });
  };
  const visitFields = (list: SchemaField[]) => {
    const seen = new Set<string>();
    for (const field of list) {
      const name = field.name.trim();
      if (name === '') {
        problems.push({ id: field.id, part: 'name', message: 'Give the field a name' });
      } else if (name.length > 64) {
        problems.push({ id: field.id, part: 'name', message: 'At most 64 characters' });
      } else if (seen.has(name)) {
        problems.push({ id: field.id, part: 'name', message: 'Another field here has this name' });
      }
      seen.add(name);
      visitShape(field, field.id);
    }
  };
  visitFields(fields);
  return problems;
}
