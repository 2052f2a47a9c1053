import { Alert, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { KnowledgeFile } from '@switchboard/shared/knowledge-bases';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useFilesChanged } from '../api/knowledge-bases';
import { uploadDocument } from '../api/upload-document';

type Upload = { key: string; name: string; progress: number; error?: string };

/**
 * Documents being uploaded, one at a time (each shows its own progress, and a refused one does
 * not stop the rest). `onUploaded` hears of each file the platform took.
 */
export function useDocumentUploads(onUploaded?: (file: KnowledgeFile) => void) {
  const changed = useFilesChanged();
  const [uploads, setUploads] = useState<Upload[]>([]);

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const dismiss = (key: string) => setUploads((list) => list.filter((item) => item.key !== key));

  const start = async (files: File[]) => {
    const added = files.map((file) => ({
      key: `${file.name}-${crypto.randomUUID()}`,
      name: file.name,
      progress: 0,
      file,
    }));
    setUploads((list) => [...list, ...added.map(({ file: _file, ...item }) => item)]);
    for (const item of added) {
      try {
        const uploaded = await uploadDocument(item.file, (progress) =>
          patch(item.key, { progress }),
        );
        dismiss(item.key);
        changed();
        onUploaded?.(uploaded);
      } catch (error) {
        patch(item.key, {
          error: error instanceof Error ? error.message : 'The upload failed.',
        });
      }
    }
  };

  return { uploads, start: (files: File[]) => void start(files), dismiss };
}

/** Each upload's progress, or why it was refused (dismissable). */
export function UploadList({
  uploads,
  onDismiss,
}: {
  uploads: Upload[];
  onDismiss: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <Stack gap="xs">
      {uploads.map((upload) =>
        upload.error ? (
          <Alert
            key={upload.key}
            color="red"
            variant="light"
            icon={<IconAlertCircle size={20} />}
            title={`${upload.name} was not uploaded`}
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => onDismiss(upload.key)}
          >
            {upload.error}
          </Alert>
        ) : (
          <Paper key={upload.key} withBorder p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
              <Text size="sm" truncate="end">
                Uploading {upload.name}
              </Text>
              <Text size="sm" c="dimmed">
                {Math.round(upload.progress * 100)}%
              </Text>
            </Group>
            <Progress
              value={upload.progress * 100}
              aria-label={`Uploading ${upload.name}`}
              animated={upload.progress >= 1}
            />
          </Paper>
        ),
      )}
    </Stack>
  );
}
