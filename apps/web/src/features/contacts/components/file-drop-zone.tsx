import { Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import classes from './file-drop-zone.module.css';

export const IMPORT_FILE_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type FileDropZoneProps = {
  onFile: (file: File) => void;
  /** The file is being sent: the zone shows a spinner and takes nothing more. */
  busy: boolean;
};

/**
 * A plain file input inside its label: the label is the drop target, and the input keeps the
 * keyboard (Tab to it, Enter or Space opens the file chooser) and screen readers working.
 */
export function FileDropZone({ onFile, busy }: FileDropZoneProps) {
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    if (!busy) setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };

  return (
    <label
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={classes.zone}
      data-over={over || undefined}
      data-busy={busy || undefined}
    >
      <input
        type="file"
        accept={IMPORT_FILE_ACCEPT}
        disabled={busy}
        aria-label="Choose a CSV or Excel file"
        data-autofocus
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again (after fixing it) is a change again.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
        className={classes.input}
      />
      <Stack align="center" gap="xs">
        <ThemeIcon variant="light" size={48} radius="xl">
          {busy ? <Loader size={22} /> : <IconFileSpreadsheet size={26} stroke={1.6} />}
        </ThemeIcon>
        <Text fw={500} ta="center">
          {busy ? 'Uploading the file…' : 'Drop a CSV or Excel file here, or choose one'}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          The first row names the columns.
        </Text>
      </Stack>
    </label>
  );
}
