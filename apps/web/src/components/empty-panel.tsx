import { EmptyState, Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type EmptyPanelProps = {
  icon: Icon;
  title: string;
  /** What will appear here, and how it gets here. */
  description: string;
  /** The way to add the first item, when the user can (a button). */
  action?: ReactNode;
};

/** A list with nothing in it yet: what it holds and where its items come from. */
export function EmptyPanel({ icon: IconComponent, title, description, action }: EmptyPanelProps) {
  return (
    <Paper withBorder p={{ base: 'xl', sm: 48 }}>
      <EmptyState
        variant="light"
        icon={<IconComponent size={26} stroke={1.6} />}
        title={title}
        description={description}
      >
        {action}
      </EmptyState>
    </Paper>
  );
}
