import { EmptyState, Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

type ScreenPlaceholderProps = {
  icon: Icon;
  /** One line on what this screen will show. */
  children: string;
};

/** Stands in for a screen whose feature has not been built yet. Says so plainly; shows no data. */
export function ScreenPlaceholder({ icon: IconComponent, children }: ScreenPlaceholderProps) {
  return (
    <Paper
      withBorder
      p={{ base: 'xl', sm: 48 }}
      bg="var(--mantine-color-body)"
      style={{ borderStyle: 'dashed' }}
    >
      <EmptyState
        variant="light"
        size="md"
        icon={<IconComponent size={26} stroke={1.6} />}
        description={children}
      />
    </Paper>
  );
}
