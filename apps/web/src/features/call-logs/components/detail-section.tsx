import { Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled part of the call detail (a landmark region named by its title). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Text id={id} component="h3" fw={600} size="sm" mb={6}>
        {title}
      </Text>
      {children}
    </section>
  );
}
