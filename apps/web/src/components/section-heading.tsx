import { Stack, Text, Title, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionHeadingProps = Omit<StackProps, 'children' | 'title'> & {
  title: ReactNode;
  /** What the section is for: a dimmed line under the title. */
  children: ReactNode;
};

/** The heading of a card on a settings-like screen: its title, then what it is for. */
export function SectionHeading({ title, children, ...stack }: SectionHeadingProps) {
  return (
    <Stack gap={4} {...stack}>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Stack>
  );
}
