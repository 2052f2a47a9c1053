import type { KnowledgeFile } from '@switchboard/shared/knowledge-bases';
import { ApiError, buildUrl, clientErrorCodes, toApiError } from '../../../lib/api-client';

/**
 * POST /api/files (multipart, field `file`) with the upload's progress (0–1). fetch reports no
 * upload progress, so this one request goes through XMLHttpRequest; its failures become the
 * same `ApiError` every other request gives.
 */
export function uploadDocument(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<KnowledgeFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', buildUrl('/files'));
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const response = new Response(request.status === 204 ? null : request.responseText, {
        status: request.status,
        headers: {
          'content-type': request.getResponseHeader('content-type') ?? 'application/json',
          'x-request-id': request.getResponseHeader('x-request-id') ?? '',
        },
      });
      if (response.ok) {
        onProgress(1);
        void response.json().then((body) => resolve(body as KnowledgeFile), reject);
      } else {
        void toApiError(response).then(reject, reject);
      }
    });
    const failed = () =>
      reject(
        new ApiError({
          status: 0,
          code: clientErrorCodes.network,
          message: 'Could not reach the server. Check your connection and try again.',
        }),
      );
    request.addEventListener('error', failed);
    request.addEventListener('abort', failed);
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
