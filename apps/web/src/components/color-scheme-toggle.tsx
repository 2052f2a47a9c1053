import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Flips between light and dark; the choice is persisted (see app/provider.tsx). */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode';

  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon size="lg" aria-label={label} onClick={() => setColorScheme(next)}>
        {computed === 'dark' ? (
          <IconSun size={18} stroke={1.7} />
        ) : (
          <IconMoon size={18} stroke={1.7} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
