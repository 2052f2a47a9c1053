import { hash32 } from '../lib/random';

// The sandbox has no language model: the "extracted" values of a structured output are made
// from the call's own facts where a property's name says what it wants (the caller's name,
// number, e-mail, the summary, when the call ended) and otherwise from a seed, always of the
// schema's type, within its enum and bounds. Deterministic: the same call gives the same values.

/** A saved structured output as the call resolves it (`artifactPlan.structuredOutputIds`). */
export interface StructuredOutputDefinition {
  id: string;
  name: string;
  schema: Record<string, unknown>;
}

/** What the call knows that a value may be taken from. */
export interface CallFacts {
  seed: number;
  callerName: string;
  callerNumber: string;
  callerEmail: string;
  summary: string;
  endedAt: string;
  successful: boolean | undefined;
}

type Schema = Record<string, unknown>;

const asSchema = (value: unknown): Schema =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : {};

function seeded(facts: CallFacts, path: string): number {
  let h = facts.seed >>> 0;
  for (let i = 0; i < path.length; i += 1) h = hash32(h, path.charCodeAt(i));
  return h;
}

function stringFor(schema: Schema, key: string, facts: CallFacts, path: string): string {
  const pick = seeded(facts, path);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return String(schema.enum[pick % schema.enum.length]);
  }
  const day = facts.endedAt.slice(0, 10);
  switch (schema.format) {
    case 'date-time':
      return facts.endedAt;
    case 'date':
      return day;
    case 'time':
      return facts.endedAt.slice(11, 19);
    case 'duration':
      return `PT${(pick % 9) + 1}M`;
    case 'email':
      return facts.callerEmail;
    case 'hostname':
      return 'example.com';
    case 'ipv4':
      return '192.0.2.1';
    case 'ipv6':
      return '2001:db8::1';
    case 'uuid': {
      const hex = [1, 2, 3, 4].map((n) => hash32(pick, n).toString(16).padStart(8, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    }
  }
  const name = key.toLowerCase();
  if (name.includes('email')) return facts.callerEmail;
  if (name.includes('phone') || name.includes('number')) return facts.callerNumber;
  if (name.includes('first')) return facts.callerName.split(' ')[0] ?? facts.callerName;
  if (name.includes('last') || name.includes('surname')) {
    return facts.callerName.split(' ').slice(1).join(' ') || facts.callerName;
  }
  if (name.includes('name')) return facts.callerName;
  if (name.includes('date')) return day;
  if (name.includes('time')) return facts.endedAt;
  return facts.summary;
}

function numberFor(schema: Schema, facts: CallFacts, path: string, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min, 10);
  const pick = seeded(facts, path);
  if (integer) {
    const low = Math.ceil(min);
    const high = Math.floor(max);
    return high <= low ? low : low + (pick % (high - low + 1));
  }
  if (max <= min) return min;
  return Math.min(max, Math.round((min + ((pick % 1000) / 1000) * (max - min)) * 100) / 100);
}

/** A value of the schema (the document's JsonSchema: type, properties, items, enum, format). */
export function valueForSchema(
  schema: Schema,
  facts: CallFacts,
  key = '',
  path = '$',
  depth = 0,
): unknown {
  switch (schema.type) {
    case 'object': {
      const properties = asSchema(schema.properties);
      return Object.fromEntries(
        Object.entries(properties).map(([name, child]) => [
          name,
          valueForSchema(asSchema(child), facts, name, `${path}.${name}`, depth + 1),
        ]),
      );
    }
    case 'array':
      // One item: enough to show the shape; nested arrays stop after a few levels.
      return depth > 4
        ? []
        : [valueForSchema(asSchema(schema.items), facts, key, `${path}[0]`, depth + 1)];
    case 'boolean':
      return facts.successful ?? seeded(facts, path) % 2 === 0;
    case 'integer':
      return numberFor(schema, facts, path, true);
    case 'number':
      return numberFor(schema, facts, path, false);
    case 'string':
      return stringFor(schema, key, facts, path);
    default:
      return null;
  }
}

/** `artifact.structuredOutputs`: each output's name and result, by the output's id. */
export function structuredOutputResults(
  outputs: readonly StructuredOutputDefinition[],
  facts: CallFacts,
): Record<string, { name: string; result: unknown }> {
  return Object.fromEntries(
    outputs.map((output) => [
      output.id,
      {
        name: output.name,
        result: valueForSchema(
          output.schema,
          { ...facts, seed: hash32(facts.seed, 0x5ee0) },
          output.name,
        ),
      },
    ]),
  );
}
