import type { MantineSpacing } from '@mantine/core';
import { useState, type DragEvent, type ReactNode } from 'react';
import classes from './drop-zone.module.css';

type DropZoneProps = {
  /** The files dropped or chosen (one at the most unless `multiple`). */
  onFiles: (files: File[]) => void;
  accept: string;
  /** The input's name for screen readers (and tests). */
  label: string;
  multiple?: boolean;
  /** A file is being sent: the zone takes nothing more. */
  busy?: boolean;
  /** The input takes the focus when its modal opens (Mantine's `data-autofocus`). */
  firstInModal?: boolean;
  padding: MantineSpacing;
  /** What the zone says: its icon and its lines. */
  children: ReactNode;
};

/**
 * A plain file input inside its label: the label is the drop target, and the input keeps the
 * keyboard (Tab to it, Enter or Space opens the file chooser) and screen readers working.
 */
export function DropZone(props: DropZoneProps) {
  const { onFiles, accept, label, multiple = false, busy = false, firstInModal, children } = props;
  const [over, setOver] = useState(false);
  const take = (files: File[]) => {
    if (files.length > 0 && !busy) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDragOver = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    if (!busy) setOver(true);
  };

  return (
    <label
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        take([...event.dataTransfer.files]);
      }}
      className={classes.zone}
      style={{ padding: `var(--mantine-spacing-${props.padding})` }}
      data-over={over || undefined}
      data-busy={busy || undefined}
    >
      <input
        type="file"
        multiple={multiple}
        accept={accept}
        disabled={busy}
        aria-label={label}
        data-autofocus={firstInModal || undefined}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared, so choosing the same file again (after fixing it) is a change again.
          event.currentTarget.value = '';
          take(files);
        }}
        className={classes.input}
      />
      {children}
    </label>
  );
}
