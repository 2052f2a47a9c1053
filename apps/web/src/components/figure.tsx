import { Text, Tooltip, VisuallyHidden } from '@mantine/core';

type FigureProps = {
  /** The figure in the product's exact format ("450.22", "$41.47", "1,210"). */
  value: string;
  /** Its unit, after it in a smaller type ("min"). */
  unit?: string | undefined;
  /** The same amount in words people read at a glance ("7 h 30 min"), shown on hover or focus. */
  long?: string | undefined;
};

/** A card's headline figure: the exact value, its unit, and its long form as a tooltip. */
export function Figure({ value, unit, long }: FigureProps) {
  const figure = (
    <Text fz={28} fw={700} lh={1.2} mt={6} tabIndex={long ? 0 : undefined} w="fit-content">
      {value}
      {unit && (
        <Text component="span" fz="md" fw={600} c="dimmed" ml={4}>
          {unit}
        </Text>
      )}
      {long && <VisuallyHidden> ({long})</VisuallyHidden>}
    </Text>
  );
  if (!long) return figure;
  return (
    <Tooltip
      label={long}
      events={{ hover: true, focus: true, touch: true }}
      position="bottom-start"
    >
      {figure}
    </Tooltip>
  );
}
