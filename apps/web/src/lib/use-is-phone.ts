import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is phone-sized (below Mantine's `sm`, 48em = 768 px): lists become
 * stacked cards and filters fold away. The first render already knows (no table flash).
 */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
}
