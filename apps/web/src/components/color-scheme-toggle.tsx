import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Flips between light and dark; the choice is persisted (see app/provider.tsx). The hint on
 * hover is the browser's own (`title`): Mantine's Tooltip would bring the floating-ui library,
 * a tenth of the public pages' code, for this one button (decision 023).
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode';

  return (
    <ActionIcon size="lg" aria-label={label} title={label} onClick={() => setColorScheme(next)}>
      {computed === 'dark' ? (
        <IconSun size={18} stroke={1.7} />
      ) : (
        <IconMoon size={18} stroke={1.7} />
      )}
    </ActionIcon>
  );
}
