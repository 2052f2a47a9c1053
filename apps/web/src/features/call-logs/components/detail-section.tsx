import { Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type DetailSectionProps = {
  title: string;
  /** What the section says instead of its content when the call has none of it. */
  empty?: string | false;
  children: ReactNode;
};

/** A titled part of the call detail (a landmark region named by its title). */
export function DetailSection({ title, empty, children }: DetailSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Text id={id} component="h3" fw={600} size="sm" mb={6}>
        {title}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </section>
  );
}
