import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { KNOWLEDGE_FILE_MAX_MB } from '@switchboard/shared/knowledge-bases';
import { IconFileUpload } from '@tabler/icons-react';
import { DropZone } from '../../../components/drop-zone';

/** What the chooser offers; the server still reads each file's bytes to decide what it is. */
export const DOCUMENT_ACCEPT =
  '.pdf,.docx,.txt,.md,.markdown,application/pdf,text/plain,text/markdown,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Props = {
  onFiles: (files: File[]) => void;
  /** The input's name for screen readers (and tests): one per screen. */
  label?: string;
  /** One line, for inside a dialog, so the list of documents stays in view. */
  compact?: boolean;
};

/** Documents for a knowledge base, several at once: dropped on the zone or chosen. */
export function DocumentDropZone({ onFiles, label = 'Upload documents', compact = false }: Props) {
  return (
    <DropZone
      onFiles={onFiles}
      accept={DOCUMENT_ACCEPT}
      label={label}
      multiple
      padding={compact ? 'sm' : 'lg'}
    >
      {compact ? (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={32} radius="xl">
            <IconFileUpload size={18} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Text size="sm" fw={500}>
              Drop a document here, or choose one
            </Text>
            <Text size="xs" c="dimmed">
              PDF, Word (.docx), text or Markdown, up to {KNOWLEDGE_FILE_MAX_MB} MB each
            </Text>
          </div>
        </Group>
      ) : (
        <Stack align="center" gap={4}>
          <ThemeIcon variant="light" size={44} radius="xl">
            <IconFileUpload size={24} stroke={1.6} />
          </ThemeIcon>
          <Text fw={500} ta="center">
            Drop documents here, or choose them
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            PDF, Word (.docx), text or Markdown, up to {KNOWLEDGE_FILE_MAX_MB} MB each
          </Text>
        </Stack>
      )}
    </DropZone>
  );
}
