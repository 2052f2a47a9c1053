import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { KNOWLEDGE_FILE_MAX_MB } from '@switchboard/shared/knowledge-bases';
import { IconFileUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import classes from './document-drop-zone.module.css';

/** What the chooser offers; the server still reads each file's bytes to decide what it is. */
export const DOCUMENT_ACCEPT =
  '.pdf,.docx,.txt,.md,.markdown,application/pdf,text/plain,text/markdown,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Props = {
  onFiles: (files: File[]) => void;
  /** The input's name for screen readers (and tests): one per screen. */
  label?: string;
  /** One line, for inside a dialog. */
  compact?: boolean;
};

/**
 * A file input inside its label: the label takes dropped files, the input keeps the keyboard
 * (Tab, then Enter or Space opens the chooser) and screen readers working. Several at once.
 */
export function DocumentDropZone({ onFiles, label = 'Upload documents', compact = false }: Props) {
  const [over, setOver] = useState(false);
  const onDragOver = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(true);
  };
  return (
    <label
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      }}
      className={classes.zone}
      data-over={over || undefined}
      data-compact={compact || undefined}
    >
      <input
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        aria-label={label}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared, so choosing the same file again is a change again.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
        className={classes.input}
      />
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
    </label>
  );
}
