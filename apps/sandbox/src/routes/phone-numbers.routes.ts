import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import type { PhoneNumber } from '../demo/catalog';
import { registerDocumentResource, resourceBadRequest } from '../http/document-resource';
import { hash32 } from '../lib/random';
import { documentedProperties, platformDocument } from '../platform-document';

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
  { catalog, listOrder }: SandboxContext,
): Promise<void> {
  const schemaNames = responseSchemaNames();
  let bought = 0;
  await registerDocumentResource<PhoneNumber>(app, {
    path: '/phone-number',
    label: 'Phone Number',
    items: catalog.phoneNumbers,
    orgId: catalog.orgId,
    oldestFirst: listOrder === 'oldest-first',
    create(body, base) {
      const phone: Record<string, unknown> = { ...body, ...base, status: 'active' };
      if (body.provider === 'vapi') {
        // A number from the sandbox's 555 exchange, in the desired area code.
        const area =
          typeof body.numberDesiredAreaCode === 'string' ? body.numberDesiredAreaCode : '415';
        const line = String(hash32(catalog.phoneNumbers.size, ++bought) % 10_000).padStart(4, '0');
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
  });
}
