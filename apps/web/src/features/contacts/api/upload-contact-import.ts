import type { ContactImportUpload } from '@switchboard/shared/contact-imports';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/contacts/import (multipart, field `file`): stores the file and answers its preview.
 * A refused file answers 413 or 422 with the reason.
 */
export function uploadContactImport(file: File): Promise<ContactImportUpload> {
  const form = new FormData();
  form.append('file', file);
  return api('post', '/contacts/import', { body: form });
}

export function useUploadContactImport() {
  return useMutation({
    mutationFn: uploadContactImport,
    // The dialog shows the server's reason where the file was dropped.
    meta: { errorToast: false },
  });
}
