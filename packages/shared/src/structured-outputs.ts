import { z } from 'zod';

/**
 * Structured outputs (`/structured-outputs`, platform console): data the platform extracts from
 * each call of the agents it is attached to, shaped by a JSON Schema. The platform's schema is
 * its own subset of JSON Schema (the document's `JsonSchema`): only the keywords below.
 */

export const STRUCTURED_OUTPUT_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
] as const;

/** The keywords the platform's `JsonSchema` has; any other is refused by the platform. */
export const STRUCTURED_OUTPUT_KEYWORDS = [
  'type',
  'items',
  'properties',
  'description',
  'pattern',
  'format',
  'required',
  'enum',
  'title',
] as const;

export const STRUCTURED_OUTPUT_FORMATS = [
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first way the schema leaves the platform's subset, as "<where>: <what>", or null. Where is
 * a JSON pointer (`/properties/date`). The server also checks it against JSON Schema's
 * meta-schema.
 */
export function structuredOutputSchemaProblem(schema: unknown, at = ''): string | null {
  const where = at || '/';
  if (!isObject(schema)) return `${where}: must be a JSON object`;
  for (const key of Object.keys(schema)) {
    if (!(STRUCTURED_OUTPUT_KEYWORDS as readonly string[]).includes(key)) {
      return `${where}: "${key}" is not supported (use ${STRUCTURED_OUTPUT_KEYWORDS.join(', ')})`;
    }
  }
  if (!(STRUCTURED_OUTPUT_TYPES as readonly unknown[]).includes(schema.type)) {
    return `${where}: "type" must be one of ${STRUCTURED_OUTPUT_TYPES.join(', ')}`;
  }
  if (
    schema.format !== undefined &&
    !(STRUCTURED_OUTPUT_FORMATS as readonly unknown[]).includes(schema.format)
  ) {
    return `${where}: "format" must be one of ${STRUCTURED_OUTPUT_FORMATS.join(', ')}`;
  }
  if (
    schema.enum !== undefined &&
    (!Array.isArray(schema.enum) || !schema.enum.every((v) => typeof v === 'string'))
  ) {
    return `${where}: "enum" must be a list of strings`;
  }
  if (
    schema.required !== undefined &&
    (!Array.isArray(schema.required) || !schema.required.every((v) => typeof v === 'string'))
  ) {
    return `${where}: "required" must be a list of property names`;
  }
  if (schema.type === 'array') {
    if (schema.items === undefined) return `${where}: an array needs "items"`;
    const inner = structuredOutputSchemaProblem(schema.items, `${at}/items`);
    if (inner) return inner;
  }
  if (schema.properties !== undefined) {
    if (!isObject(schema.properties)) return `${where}: "properties" must be an object`;
    for (const [name, child] of Object.entries(schema.properties)) {
      const inner = structuredOutputSchemaProblem(child, `${at}/properties/${name}`);
      if (inner) return inner;
    }
  }
  return null;
}

export const structuredOutputJsonSchema = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    const problem = structuredOutputSchemaProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** One row of GET /api/structured-outputs (also the answer of create, get and update). */
export const structuredOutputSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  schema: z.record(z.string(), z.unknown()),
  /** The business's agents it is attached to (their `artifactPlan.structuredOutputIds`). */
  agentIds: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type StructuredOutput = z.infer<typeof structuredOutputSchema>;
export const structuredOutputListSchema = z.object({ data: z.array(structuredOutputSchema) });

/** POST /api/structured-outputs. */
export const structuredOutputInputSchema = z.object({
  // The platform's limit is 40 characters.
  name: z
    .string()
    .trim()
    .min(1, { error: 'Give the output a name' })
    .max(40, { error: 'At most 40 characters' }),
  description: z.string().trim().max(1000, { error: 'At most 1000 characters' }).default(''),
  schema: structuredOutputJsonSchema,
  /** The business's agents to attach it to. */
  agentIds: z.array(z.string().min(1)).max(100).default([]),
});
export type StructuredOutputInput = z.infer<typeof structuredOutputInputSchema>;

/** PATCH /api/structured-outputs/:id: any of the fields; agentIds replaces the attachments. */
export const updateStructuredOutputSchema = z.object({
  name: structuredOutputInputSchema.shape.name.optional(),
  description: z.string().trim().max(1000, { error: 'At most 1000 characters' }).optional(),
  schema: structuredOutputJsonSchema.optional(),
  agentIds: z.array(z.string().min(1)).max(100).optional(),
});
export type UpdateStructuredOutputInput = z.infer<typeof updateStructuredOutputSchema>;

/** The form: the schema typed as JSON text. */
export const structuredOutputFormSchema = z
  .object({
    name: structuredOutputInputSchema.shape.name,
    description: z.string().trim().max(1000, { error: 'At most 1000 characters' }),
    schemaText: z.string(),
    agentIds: z.array(z.string()),
  })
  .superRefine((form, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(form.schemaText);
    } catch {
      ctx.addIssue({ code: 'custom', path: ['schemaText'], message: 'Not valid JSON' });
      return;
    }
    const problem = structuredOutputSchemaProblem(parsed);
    if (problem) ctx.addIssue({ code: 'custom', path: ['schemaText'], message: problem });
  });
export type StructuredOutputForm = z.infer<typeof structuredOutputFormSchema>;

export function toStructuredOutputInput(form: StructuredOutputForm): StructuredOutputInput {
  return {
    name: form.name,
    description: form.description,
    schema: JSON.parse(form.schemaText) as Record<string, unknown>,
    agentIds: form.agentIds,
  };
}

/** A call's result of one structured output (call detail; a CSV column per output). */
export const callStructuredOutputSchema = z.object({
  id: z.string(),
  name: z.string(),
  result: z.unknown(),
});
export type CallStructuredOutput = z.infer<typeof callStructuredOutputSchema>;

/** A result as one cell of text: strings as they are, anything else as JSON. */
export function structuredOutputCell(result: unknown): string {
  if (result === undefined || result === null) return '';
  return typeof result === 'string' ? result : JSON.stringify(result);
}
