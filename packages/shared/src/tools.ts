import { z } from 'zod';
import { structuredOutputSchemaProblem } from './structured-outputs';

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
  /**
   * The header carrying the business's credential on every request to its server (the
   * value is write-only: sent to the platform, never shown again).
   */
  serverAuthHeader: z.string().nullable(),
  /** Made and kept by Switchboard (e.g. `switchboard:create_enquiry`): read-only here. */
  managed: z.boolean(),
  role: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Tool = z.infer<typeof toolSchema>;
export const toolListSchema = z.object({ data: z.array(toolSchema) });

/**
 * A function's parameters as the platform takes them (the document's `OpenAIFunctionParameters`):
 * `"type": "object"` with `properties` (each in the platform's own JSON Schema subset, the same
 * as a structured output's) and an optional `required`; nothing else. What the platform would
 * refuse is refused here, with where and why, instead of being sent and answered 422.
 */
function toolParametersProblem(value: Record<string, unknown>): string | null {
  const allowed = ['type', 'properties', 'required'];
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) {
    return `"${extra}" is not supported at the top (use "type", "properties" and "required")`;
  }
  if (value.type !== 'object') return 'The parameters must be a JSON Schema with "type": "object"';
  const { properties, required } = value;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    return '"properties" must be an object of parameter schemas (it may be empty: {})';
  }
  if (
    required !== undefined &&
    (!Array.isArray(required) || !required.every((r) => typeof r === 'string'))
  ) {
    return '"required" must be a list of parameter names';
  }
  for (const [name, schema] of Object.entries(properties)) {
    const problem = structuredOutputSchemaProblem(schema, `/properties/${name}`);
    if (problem) return problem;
  }
  return null;
}

/** A JSON Schema object for a function's parameters: `type: "object"` with `properties`. */
export const toolParametersSchema = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const problem = toolParametersProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Headers the platform sets itself, or that would break the request: never a credential's. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'connection',
  'transfer-encoding',
  'x-vapi-secret',
  'x-vapi-signature',
]);

/**
 * The business's credential for its tool's server: one header (e.g. `Authorization: Bearer …`
 * or `X-Api-Key: …`) the platform sends with each tool call, so the server can tell the calls
 * are the business's.
 */
export const toolServerAuthSchema = z.object({
  headerName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'A header name: letters, digits and -' })
    .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), {
      error: 'This header is set by the platform; choose another, e.g. X-Api-Key',
    }),
  value: z
    .string()
    .min(8, { error: 'At least 8 characters: a secret your server checks' })
    .max(2048, { error: 'At most 2048 characters' })
    .refine((value) => !/[\r\n]/.test(value), { error: 'One line, without line breaks' }),
});
export type ToolServerAuth = z.infer<typeof toolServerAuthSchema>;

/**
 * A custom tool's server address: what the form says about it and why the server refuses one.
 * The voice platform, not Switchboard, calls it, from the internet (decision 054).
 */
export const toolServerUrlMessages = {
  hint: 'Your server’s public https:// address; the voice platform calls it over the internet with each tool call',
  notHttps: 'An https:// address of your server',
  credentials:
    'Leave the user name and password out of the address: use the credential header below',
  local:
    'The voice platform calls this address over the internet, so it must be public: not localhost, a private network address (10.x, 172.16–31.x, 192.168.x, fc00::/7 …) or a name that points to one (such as 127.0.0.1.nip.io or printer.local)',
  servicePort: (port: string) =>
    `Port ${port} is not a web server’s: use https on the default port (443) or your server’s web port`,
} as const;

const serverUrlSchema = z
  .url({ protocol: /^https$/, error: toolServerUrlMessages.notHttps })
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
  serverAuth: toolServerAuthSchema.optional(),
});
export type CustomToolInput = z.infer<typeof customToolInputSchema>;

/** PATCH /api/tools/:id: any of the fields; `serverAuth: null` stops sending the credential. */
export const updateCustomToolSchema = customToolInputSchema
  .partial()
  .extend({ serverAuth: toolServerAuthSchema.nullable().optional() });
export type UpdateCustomToolInput = z.infer<typeof updateCustomToolSchema>;

/**
 * The tool form: the parameters typed as JSON text; the credential as a header name and a value
 * (both empty: none; editing, an empty value keeps the one already sent).
 */
export const customToolFormSchema = customToolInputSchema
  .omit({ parameters: true, serverAuth: true })
  .extend({ parametersText: z.string(), authHeaderName: z.string(), authValue: z.string() })
  .superRefine((form, ctx) => {
    const name = form.authHeaderName.trim();
    if (name !== '' || form.authValue !== '') {
      const checked = toolServerAuthSchema.safeParse({
        headerName: name,
        value: form.authValue === '' ? undefined : form.authValue,
      });
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          // An empty value beside a name is allowed when editing (the value already sent stays);
          // the server refuses a new credential without one.
          if (issue.path[0] === 'value' && form.authValue === '') continue;
          ctx.addIssue({
            code: 'custom',
            path: [issue.path[0] === 'value' ? 'authValue' : 'authHeaderName'],
            message: issue.message,
          });
        }
      }
    }
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

/**
 * The form as the API takes it. `previousHeader`: the header the tool sends now (editing) — an
 * empty name then stops sending it, a new value replaces it, and an empty value keeps it.
 */
export function toCustomToolInput(
  form: CustomToolForm,
  previousHeader: string | null = null,
): Omit<CustomToolInput, 'serverAuth'> & Pick<UpdateCustomToolInput, 'serverAuth'> {
  const name = form.authHeaderName.trim();
  const base = {
    name: form.name,
    description: form.description,
    serverUrl: form.serverUrl,
    parameters: JSON.parse(form.parametersText) as Record<string, unknown>,
  };
  if (name === '') return previousHeader ? { ...base, serverAuth: null } : base;
  if (form.authValue === '') return base;
  return { ...base, serverAuth: { headerName: name, value: form.authValue } };
}
