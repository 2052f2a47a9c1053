import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import type { PhoneNumber } from '../demo/catalog';
import type { WebhookAuthenticationPlan } from '../simulator/webhooks';
import {
  registerDocumentResource,
  resourceBadRequest,
  verifyServerCredential,
} from '../http/document-resource';
import { hash32 } from '../lib/random';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { badRequest, notFound } from '../http/errors';
import {
  describeErrors,
  documentedProperties,
  platformDocument,
  validatorFor,
} from '../platform-document';

// /phone-number, emulated from the platform's document (list, create, get, update, delete). What
// is particular to phone numbers: a new `vapi` number gets a number in the desired area code, a
// number is `active` at once (no carrier here), a number keeps its provider, and an answer holds
// only the properties the document's schema for that provider names.

/** provider → the document's response schema for it (`VapiPhoneNumber`, …), from its mapping. */
function responseSchemaNames(): Record<string, string> {
  const schema = platformDocument().paths['/phone-number/{id}']?.get?.responses?.['200']?.content?.[
    'application/json'
  ]?.schema as { discriminator?: { mapping?: Record<string, string> } } | undefined;
  const mapping = schema?.discriminator?.mapping ?? {};
  return Object.fromEntries(
    Object.entries(mapping).map(([provider, ref]) => [provider, ref.split('/').pop() ?? '']),
  );
}

function documented(phone: Record<string, unknown>, schemaNames: Record<string, string>) {
  const allowed = new Set(documentedProperties(schemaNames[String(phone.provider)] ?? ''));
  return Object.fromEntries(Object.entries(phone).filter(([key]) => allowed.has(key)));
}

export async function phoneNumberRoutes(
  app: FastifyInstance,
  { catalog, listOrder, webhookCredentials }: SandboxContext,
): Promise<void> {
  const schemaNames = responseSchemaNames();
  let bought = 0;
  // Vonage numbers are imported with a Vonage credential (key and secret), which the platform
  // keeps and never answers with (`apiSecret`: "This is not returned in the API").
  // Where this rests: the path `/credential` (POST, DELETE `/credential/{id}`) is in neither of
  // the platform's documents; it is in the client the platform's web SDK ships, generated from
  // its full API description (`@vapi-ai/web` `dist/api.d.ts`, `credentialControllerCreate` and
  // `credentialControllerRemove`). The body and the answer are the document's own schemas
  // (`CreateVonageCredentialDTO`, closed; `VonageCredential`), which it keeps although it lost
  // the path; the same for webhook credentials (below).
  const vonageCredentials = new Map<string, Record<string, unknown>>();
  const credentialAnswer = documentedProperties('VonageCredential');
  // Webhook credentials (`provider: webhook`, the document's CreateWebhookCredentialDTO): what a
  // `Server.credentialId` names, so the platform signs or authorizes the requests it sends.
  const webhookAnswers = new Map<string, Record<string, unknown>>();
  const webhookAnswer = documentedProperties('WebhookCredential');
  app.post('/credential', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.provider === 'webhook') return reply.status(201).send(createWebhookCredential(body));
    if (body.provider !== 'vonage') resourceBadRequest('provider must be vonage or webhook');
    const validate = validatorFor('CreateVonageCredentialDTO', { closed: true });
    if (!validate(body)) throw badRequest(describeErrors(validate.errors));
    const at = new Date().toISOString();
    // The platform makes a Vonage application for the number's webhooks, with its own key.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const credential = {
      ...body,
      id: randomUUID(),
      orgId: catalog.orgId,
      createdAt: at,
      updatedAt: at,
      vonageApplicationId: randomUUID(),
      vonageApplicationPrivateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    vonageCredentials.set(credential.id, credential);
    return reply.status(201).send(answerOf(credential));
  });
  // The document's VonageCredential names apiSecret; the sandbox answers it masked.
  const answerOf = (credential: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(credential)
        .filter(([key]) => credentialAnswer.includes(key))
        .map(([key, value]) =>
          key === 'apiSecret' ? [key, `****${String(value).slice(-4)}`] : [key, value],
        ),
    );
  app.delete<{ Params: { id: string } }>('/credential/:id', async (request) => {
    const webhook = webhookAnswers.get(request.params.id);
    if (webhook) {
      webhookAnswers.delete(request.params.id);
      webhookCredentials.delete(request.params.id);
      return webhook;
    }
    const credential = vonageCredentials.get(request.params.id);
    if (!credential) throw notFound('Credential not found');
    vonageCredentials.delete(request.params.id);
    return answerOf(credential);
  });

  /**
   * A webhook credential, checked against CreateWebhookCredentialDTO (unknown properties
   * refused). Bearer and HMAC plans are emulated (the sender uses them); OAuth2 would need a
   * token endpoint the sandbox cannot reach, so it is refused rather than silently ignored.
   * The answer keeps the document's WebhookCredential properties, with the secret masked.
   */
  function createWebhookCredential(body: Record<string, unknown>) {
    const validate = validatorFor('CreateWebhookCredentialDTO', { closed: true });
    if (!validate(body)) throw badRequest(describeErrors(validate.errors));
    const plan = body.authenticationPlan as WebhookAuthenticationPlan | { type: 'oauth2' };
    if (plan.type === 'oauth2')
      resourceBadRequest('authenticationPlan.type oauth2 is not emulated by the sandbox');
    const at = new Date().toISOString();
    const id = randomUUID();
    webhookCredentials.set(id, { id, authenticationPlan: plan });
    const masked = Object.fromEntries(
      Object.entries(plan).map(([key, value]) =>
        key === 'secretKey' || key === 'token'
          ? [key, `****${String(value).slice(-4)}`]
          : [key, value],
      ),
    );
    const answer = Object.fromEntries(
      Object.entries({
        ...body,
        authenticationPlan: masked,
        id,
        orgId: catalog.orgId,
        createdAt: at,
        updatedAt: at,
        // Required by the document's WebhookCredential; an HMAC or bearer plan has no OAuth2
        // session to report, so it is empty.
        authenticationSession: {},
      }).filter(([key]) => webhookAnswer.includes(key)),
    );
    webhookAnswers.set(id, answer);
    return answer;
  }
  await registerDocumentResource<PhoneNumber>(
    app,
    { catalog, listOrder },
    {
      path: '/phone-number',
      label: 'Phone Number',
      items: catalog.phoneNumbers,
      // `null` unassigns (the document types these fields as strings or objects, never null): the
      // platform's SDK maintainers give `assistantId: null` as the way to remove a number's
      // assistant, while undefined leaves it (VapiAI/server-sdk-typescript issue #8, "AssistantId
      // is not possible to remove from PhoneNumber…", labelled "OpenAPI Spec", 2025). The document
      // offers no other way to unassign.
      clearable: ['assistantId', 'squadId', 'workflowId', 'fallbackDestination'],
      verify: (body) => verifyServerCredential(body, (id) => webhookCredentials.has(id)),
      create(body, base) {
        if (body.provider === 'vonage' && !vonageCredentials.has(String(body.credentialId))) {
          resourceBadRequest('credentialId must be the id of a Vonage credential');
        }
        const phone: Record<string, unknown> = { ...body, ...base, status: 'active' };
        if (body.provider === 'vapi') {
          // A number from the sandbox's 555 exchange, in the desired area code.
          const area =
            typeof body.numberDesiredAreaCode === 'string' ? body.numberDesiredAreaCode : '415';
          const line = String(hash32(catalog.phoneNumbers.size, ++bought) % 10_000).padStart(
            4,
            '0',
          );
          phone.number = `+1${area}555${line}`;
        }
        return documented(phone, schemaNames) as unknown as PhoneNumber;
      },
      update(phone, changes) {
        if (changes.provider !== undefined && changes.provider !== phone.provider) {
          resourceBadRequest(`provider must be ${phone.provider}`);
        }
        return documented({ ...phone, ...changes }, schemaNames) as unknown as PhoneNumber;
      },
    },
  );
}
