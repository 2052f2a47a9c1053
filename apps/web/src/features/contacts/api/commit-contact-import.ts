import type {
  ContactImport,
  ContactImportMapping,
  ContactImportOptions,
} from '@switchboard/shared/contact-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, buildUrl, clientErrorCodes, fetchOk } from '../../../lib/api-client';
import { contactImportQueryOptions, contactImportsQueryKey } from './get-contact-import';

export type CommitContactImportVariables = {
  importId: string;
  mapping: ContactImportMapping;
  /** ISO code of the country national phone numbers are read in; left out: the business's. */
  country?: string;
  /** "Last, First" flipped, and what a row matching a contact does; left out: the defaults. */
  options?: ContactImportOptions;
};

const NDJSON = 'application/x-ndjson';

/** The lines of a streamed answer, each parsed as JSON, as they come. */
async function* jsonLines<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let end = buffered.indexOf('\n');
      while (end >= 0) {
        const line = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        if (line !== '') yield JSON.parse(line) as T;
        end = buffered.indexOf('\n');
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * POST /api/contacts/imports/:id/commit (202): queues the import with the mapping. Asked with
 * "Accept: application/x-ndjson", the server goes on answering with the import each time its
 * progress changes, from its memory (so also while the import keeps the database busy): each
 * line after the first goes to `onProgress`. A server that answers plain JSON is fine too.
 */
export async function commitContactImport(
  { importId, mapping, country, options }: CommitContactImportVariables,
  onProgress?: (row: ContactImport) => void,
): Promise<ContactImport> {
  const body = {
    mapping,
    ...(country === undefined ? {} : { country }),
    ...(options === undefined ? {} : { options }),
  };
  const path = `/contacts/imports/${encodeURIComponent(importId)}/commit`;
  const response = await fetchOk(buildUrl(path), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: `${NDJSON}, application/json`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith(NDJSON) || response.body === null)
    return (await response.json()) as ContactImport;
  const lines = jsonLines<ContactImport>(response.body);
  const first = await lines.next();
  if (first.done)
    throw new ApiError({
      status: 202,
      code: clientErrorCodes.invalidResponse,
      message: 'The server sent a response that could not be read.',
    });
  // The rest comes as the import goes; a stream cut off leaves the page asking as before.
  void (async () => {
    for await (const row of lines) onProgress?.(row);
  })().catch(() => undefined);
  return first.value;
}

export function useCommitContactImport() {
  const queryClient = useQueryClient();
  const keep = (row: ContactImport) =>
    queryClient.setQueryData(contactImportQueryOptions(row.id).queryKey, row);
  return useMutation({
    mutationFn: (variables: CommitContactImportVariables) => commitContactImport(variables, keep),
    meta: { errorToast: false },
    onSuccess: (row) => {
      keep(row);
      // Not awaited: the history is asked again in the background (its answer can wait for the
      // import to end, on a database with one connection), the progress is shown at once.
      void queryClient.invalidateQueries({ queryKey: [...contactImportsQueryKey, 'list'] });
    },
  });
}
