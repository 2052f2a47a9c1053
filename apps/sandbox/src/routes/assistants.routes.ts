import type { Vapi } from '@vapi-ai/server-sdk';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerDocumentResource, verifyServerCredential } from '../http/document-resource';

// /assistant, emulated from the platform's document like /phone-number (list, create, get,
// update, delete; CreateAssistantDTO and UpdateAssistantDTO bodies and the list's query checked
// against it, unknown properties refused). An assistant is stored as created; PATCH replaces the
// given top-level fields. What is particular: a deleted assistant's phone numbers stop naming it.

export async function assistantRoutes(
  app: FastifyInstance,
  { catalog, listOrder, webhookCredentials }: SandboxContext,
): Promise<void> {
  await registerDocumentResource<Vapi.Assistant>(
    app,
    { catalog, listOrder },
    {
      path: '/assistant',
      label: 'Assistant',
      items: catalog.assistants,
      create: (body, base) => ({ ...body, ...base }),
      remove: (assistant) => catalog.unlinkAssistant(assistant.id),
      verify: (body) => verifyServerCredential(body, (id) => webhookCredentials.has(id)),
    },
  );
}
