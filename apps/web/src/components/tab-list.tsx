import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

type TabListProps<T extends string> = {
  /** The list's accessible name: "Calls to show". */
  label: string;
  tabs: readonly T[];
  labels: Record<T, ReactNode>;
};

/** The tabs of a `Tabs`, one a value, in the given order. */
export function TabList<T extends string>({ label, tabs, labels }: TabListProps<T>) {
  return (
    <Tabs.List aria-label={label}>
      {tabs.map((tab) => (
        <Tabs.Tab key={tab} value={tab}>
          {labels[tab]}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}
