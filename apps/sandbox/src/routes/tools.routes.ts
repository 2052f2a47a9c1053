import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import type { SandboxTool } from '../demo/catalog';
import {
  registerDocumentResource,
  resourceBadRequest,
  verifyServerCredential,
} from '../http/document-resource';

// /tool, emulated from the platform's document (list, create, get, update, delete): the body is
// the document's create DTO for its `type` (checked by the generic resource), stored as it came
// with the platform's `id`, `orgId` and times. A tool keeps its type. Assistants reference tools
// by id (`model.toolIds`); the simulator resolves those ids when a call runs.

export async function toolRoutes(
  app: FastifyInstance,
  { catalog, listOrder, webhookCredentials }: SandboxContext,
): Promise<void> {
  await registerDocumentResource<SandboxTool>(
    app,
    { catalog, listOrder },
    {
      path: '/tool',
      label: 'Tool',
      items: catalog.tools,
      // The create body is one of the document's 23 tool kinds: check it against its own.
      checkByDiscriminator: true,
      verify: (body) => verifyServerCredential(body, (id) => webhookCredentials.has(id)),
      create: (body, base) => ({ ...body, ...base }) as SandboxTool,
      update(tool, changes) {
        if (changes.type !== undefined && changes.type !== tool.type) {
          resourceBadRequest(`type must be ${tool.type}`);
        }
        return { ...tool, ...changes };
      },
    },
  );
}
