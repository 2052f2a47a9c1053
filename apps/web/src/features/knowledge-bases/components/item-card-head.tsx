import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ItemCardHeadProps = {
  /** The item's name: cut short to the card, whole when hovered. */
  name: string;
  /** A knowledge base's name stands out more than a document's. */
  fw: 500 | 600;
  /** A line of details under the name. */
  details: ReactNode;
  /** The item's status and actions, on the right. */
  children: ReactNode;
};

/** The head of a document's or a knowledge base's card. */
export function ItemCardHead({ name, fw, details, children }: ItemCardHeadProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={fw} truncate="end" title={name}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {details}
        </Text>
      </Stack>
      {children}
    </Group>
  );
}
