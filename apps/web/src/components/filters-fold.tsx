import { Badge, Box, Button, Collapse, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIsPhone } from '../lib/use-is-phone';

/**
 * A list's filters: in a row on wider screens; on phones folded behind a "Filters" button
 * (with how many are set), so the list starts at the top of the screen.
 */
export function FiltersFold({
  children,
  active = 0,
  label = 'Filters',
}: {
  children: ReactNode;
  /** How many filters differ from their defaults. */
  active?: number;
  label?: string;
}) {
  const phone = useIsPhone();
  const [opened, { toggle }] = useDisclosure(false);
  if (!phone) {
    return (
      <Group gap="md" align="flex-end" wrap="wrap">
        {children}
      </Group>
    );
  }
  return (
    <Box>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconAdjustmentsHorizontal size={16} />}
        rightSection={
          active > 0 ? (
            <Badge size="xs" circle>
              {active}
            </Badge>
          ) : undefined
        }
        onClick={toggle}
        aria-expanded={opened}
        fullWidth
        justify="space-between"
      >
        {label}
      </Button>
      <Collapse expanded={opened}>
        <Stack gap="sm" pt="sm" className="filters-fold-stack">
          {children}
        </Stack>
      </Collapse>
    </Box>
  );
}
