import { WEB_CALL_TARGET_REQUIRED } from '@switchboard/shared/web-call';
import { z } from 'zod';

/**
 * What a browser may ask the platform for in `POST /call/web`, whichever way the request
 * reaches it (the sandbox pass-through today, the live proxy next). The platform accepts far
 * more: inline assistant, squad and workflow definitions and per-call overrides that name the
 * server the platform sends its webhooks to, with our webhook secret. A member who could send
 * those would receive that secret, forge tool calls and act in other businesses. So only a
 * stored assistant, squad or workflow may be started, with harmless overrides.
 */

/** Keys that point the platform at a server or at credentials; refused at any depth. */
const SERVER_KEYS = new Set(
  [
    'server',
    'serverUrl',
    'serverUrlSecret',
    'credentialId',
    'credentialIds',
    'credentials',
    'headers',
  ].map((key) => key.toLowerCase()),
);

/** Top-level keys that define what to run inline instead of naming a stored one. */
const INLINE_DEFINITIONS: Record<string, string> = {
  assistant: 'an inline assistant',
  squad: 'an inline squad',
  workflow: 'an inline workflow',
};

/**
 * Where the body names a server, credentials or headers (at any depth, case-insensitively),
 * or defines an assistant, squad or workflow inline. Walks with its own stack, so a deeply
 * nested body cannot overflow the call stack.
 */
export function refusedWebCallKeys(body: unknown): string[] {
  const refused: string[] = [];
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of Object.keys(body)) {
      if (Object.hasOwn(INLINE_DEFINITIONS, key)) refused.push(key);
    }
  }
  const stack: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (SERVER_KEYS.has(key.toLowerCase())) refused.push(childPath);
      else stack.push({ value: child, path: childPath });
    }
  }
  return [...new Set(refused)].sort();
}

function describeRefused(paths: string[]): string {
  const named = paths.map((path) =>
    Object.hasOwn(INLINE_DEFINITIONS, path) ? `${path} (${INLINE_DEFINITIONS[path]})` : path,
  );
  return (
    `A web call cannot carry ${named.join(', ')}: start it with the assistantId, squadId or ` +
    'workflowId of one of yours; only variableValues and metadata may be overridden.'
  );
}

// A request body is parsed JSON, so every value already is one: z.unknown() admits the same values
// as z.json(), and its schema is one the OpenAPI document can state (z.json()'s recursive $ref
// is not, and the web app's generated client is built from that document: decision 079).
const jsonRecord = z.record(z.string(), z.unknown());

/** The overrides a caller may give: values for the prompt's variables, and metadata. */
const harmlessOverrides = z.strictObject({
  variableValues: jsonRecord.optional(),
  metadata: jsonRecord.optional(),
});

const storedId = (name: string) =>
  z.string().trim().min(1, `${name} must not be empty`).max(200).optional();

/** The allow-list, strict: anything not named here is refused. */
const allowedWebCallRequest = z
  .strictObject({
    assistantId: storedId('assistantId'),
    squadId: storedId('squadId'),
    workflowId: storedId('workflowId'),
    assistantOverrides: harmlessOverrides.optional(),
    workflowOverrides: harmlessOverrides.optional(),
    // No top-level metadata: the platform's CreateWebCallDTO has none (the overrides carry it).
    roomDeleteOnUserLeaveEnabled: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const named = [body.assistantId, body.squadId, body.workflowId].filter(
      (id) => id !== undefined,
    ).length;
    if (named === 0) ctx.addIssue({ code: 'custom', message: WEB_CALL_TARGET_REQUIRED });
    if (named > 1) {
      ctx.addIssue({
        code: 'custom',
        message: 'A web call takes one of assistantId, squadId or workflowId, not several.',
      });
    }
  });

/**
 * `POST /call/web` as we let it through: first the refused keys (named in the message), then
 * the strict allow-list.
 */
export const webCallRequestSchema = z.preprocess((body, ctx) => {
  const refused = refusedWebCallKeys(body);
  if (refused.length > 0) ctx.addIssue({ code: 'custom', message: describeRefused(refused) });
  return body;
}, allowedWebCallRequest);

export type WebCallRequest = z.infer<typeof webCallRequestSchema>;
