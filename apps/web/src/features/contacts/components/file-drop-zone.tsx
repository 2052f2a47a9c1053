import { Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { DropZone } from '../../../components/drop-zone';

export const IMPORT_FILE_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type FileDropZoneProps = {
  onFile: (file: File) => void;
  /** The file is being sent: the zone shows a spinner and takes nothing more. */
  busy: boolean;
};

/** The import's one spreadsheet: dropped on the zone or chosen with the keyboard. */
export function FileDropZone({ onFile, busy }: FileDropZoneProps) {
  return (
    <DropZone
      onFiles={([file]) => {
        if (file) onFile(file);
      }}
      accept={IMPORT_FILE_ACCEPT}
      label="Choose a CSV or Excel file"
      busy={busy}
      firstInModal
      padding="xl"
    >
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
    </DropZone>
  );
}
