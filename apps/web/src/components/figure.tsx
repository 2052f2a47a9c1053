import { Text, Tooltip, VisuallyHidden } from '@mantine/core';

type FigureProps = {
  /** The figure in the product's exact format ("450.22", "$41.47", "1,210"). */
  value: string;
  /** Its unit, after it in a smaller type ("min"). */
  unit?: string | undefined;
  /** The same amount in words people read at a glance ("7 h 30 min"), shown on hover or focus. */
  long?: string | undefined;
  /**
   * "card": a card's headline figure (the default); "panel": a smaller one among several in a
   * panel; "cell": a table cell's, in the table's own type size, on one line.
   */
  size?: 'card' | 'panel' | 'cell';
};

const SIZES = {
  card: { fz: 28, unit: 'md', mt: 6 },
  panel: { fz: 'xl', unit: 'sm', mt: 0 },
  cell: { fz: 'sm', unit: 'sm', mt: 0 },
} as const;

/**
 * A figure: the exact value, its unit, and its long form as a tooltip (read out by screen
 * readers too). The one way a screen shows an amount with a unit, from a card to a table cell.
 */
export function Figure({ value, unit, long, size = 'card' }: FigureProps) {
  const look = SIZES[size];
  const cell = size === 'cell';
  const figure = (
    <Text
      component={cell ? 'span' : 'p'}
      fz={look.fz}
      fw={cell ? undefined : 700}
      lh={cell ? undefined : 1.2}
      mt={look.mt}
      tabIndex={long ? 0 : undefined}
      w="fit-content"
      style={cell ? { whiteSpace: 'nowrap' } : undefined}
      td={long && cell ? 'underline dotted' : undefined}
    >
      {value}
      {unit && (
        <Text
          component="span"
          fz={look.unit}
          fw={cell ? undefined : 600}
          c="dimmed"
          ml={cell ? 3 : 4}
        >
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
