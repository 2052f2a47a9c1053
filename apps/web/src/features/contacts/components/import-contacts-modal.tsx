import { Stack } from '@mantine/core';
import type { ContactImport, ContactImportUpload } from '@switchboard/shared/contact-imports';
import { useState } from 'react';
import { useUploadContactImport } from '../api/upload-contact-import';
import { FileDropZone } from './file-drop-zone';
import { ImportMappingStep } from './import-mapping-step';
import { ImportProgressStep } from './import-progress-step';
import { FormModal } from '../../../components/form-modal';
import { FormAlert } from '../../../components/form-alert';

type ImportContactsModalProps = { opened: boolean; onClose: () => void };

/** Upload a list, map its columns, then watch it import. Closing leaves a running import be. */
export function ImportContactsModal({ opened, onClose }: ImportContactsModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Import contacts" size="xl">
      {/* Mounted while open only, so each opening starts with a new file. */}
      {opened && <ImportSteps onClose={onClose} />}
    </FormModal>
  );
}

function ImportSteps({ onClose }: { onClose: () => void }) {
  const upload = useUploadContactImport();
  const [uploaded, setUploaded] = useState<ContactImportUpload | null>(null);
  const [committed, setCommitted] = useState<ContactImport | null>(null);

  if (committed) return <ImportProgressStep importId={committed.id} onClose={onClose} />;
  if (uploaded) {
    return (
      <ImportMappingStep
        upload={uploaded.import}
        preview={uploaded.preview}
        onCommitted={setCommitted}
        onStartOver={() => {
          upload.reset();
          setUploaded(null);
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      <FileDropZone
        busy={upload.isPending}
        onFile={(file) => upload.mutate(file, { onSuccess: setUploaded })}
      />
      {upload.isError && <FormAlert title="This file cannot be imported" error={upload.error} />}
    </Stack>
  );
}
