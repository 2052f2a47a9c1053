import { z } from 'zod';

/**
 * The platform console's tools (`/tools`): the business's platform tools. Switchboard's own
 * (create_enquiry, book_appointment) are managed: listed, never changed here. Custom function
 * tools call the business's own server.
 */

export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** One row of GET /api/tools (also the answer of create and update). */
export const toolSchema = z.object({
  id: z.string(),
  /** The platform's tool type (`function`, `transferCall`, `endCall`, `dtmf`, …). */
  type: z.string(),
  name: z.string(),
  description: z.string(),
  /** The function's parameters (a JSON Schema object), when it has any. */
  parameters: z.record(z.string(), z.unknown()).nullable(),
  serverUrl: z.string().nullable(),
  /** Made and kept by Switchboard (e.g. `switchboard:create_enquiry`): read-only here. */
  managed: z.boolean(),
  role: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Tool = z.infer<typeof toolSchema>;
export const toolListSchema = z.object({ data: z.array(toolSchema) });

/** A JSON Schema object for a function's parameters: `type: "object"` with `properties`. */
export const toolParametersSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => value.type === 'object', {
    error: 'The parameters must be a JSON Schema with "type": "object"',
  })
  .refine(
    (value) =>
      value.properties === undefined ||
      (typeof value.properties === 'object' &&
        value.properties !== null &&
        !Array.isArray(value.properties)),
    { error: '"properties" must be an object of parameter schemas' },
  )
  .refine(
    (value) =>
      value.required === undefined ||
      (Array.isArray(value.required) && value.required.every((r) => typeof r === 'string')),
    { error: '"required" must be a list of parameter names' },
  );

const serverUrlSchema = z
  .url({ protocol: /^https$/, error: 'An https:// address of your server' })
  .max(2048, { error: 'At most 2048 characters' });

/** POST /api/tools: a custom function tool. */
export const customToolInputSchema = z.object({
  name: z.string().trim().regex(TOOL_NAME_PATTERN, {
    error: 'Letters, digits, _ and - only (at most 64), e.g. check_stock',
  }),
  description: z
    .string()
    .trim()
    .min(1, { error: 'Say what the tool does: the agent reads this to decide when to use it' })
    .max(1000, { error: 'At most 1000 characters' }),
  parameters: toolParametersSchema,
  serverUrl: serverUrlSchema,
});
export type CustomToolInput = z.infer<typeof customToolInputSchema>;

/** PATCH /api/tools/:id: any of the fields. */
export const updateCustomToolSchema = customToolInputSchema.partial();
export type UpdateCustomToolInput = z.infer<typeof updateCustomToolSchema>;

/** The tool form: the parameters typed as JSON text. */
export const customToolFormSchema = customToolInputSchema
  .omit({ parameters: true })
  .extend({ parametersText: z.string() })
  .superRefine((form, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(form.parametersText);
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['parametersText'],
        message: 'Not valid JSON',
      });
      return;
    }
    const result = toolParametersSchema.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['parametersText'],
        message: result.error.issues[0]?.message ?? 'Not a JSON Schema object',
      });
    }
  });
export type CustomToolForm = z.infer<typeof customToolFormSchema>;

export function toCustomToolInput(form: CustomToolForm): CustomToolInput {
  return {
    name: form.name,
    description: form.description,
    serverUrl: form.serverUrl,
    parameters: JSON.parse(form.parametersText) as Record<string, unknown>,
  };
}

export const EMPTY_TOOL_PARAMETERS = JSON.stringify(
  { type: 'object', properties: {}, required: [] },
  null,
  2,
);
