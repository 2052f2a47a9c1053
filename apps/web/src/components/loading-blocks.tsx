import { Skeleton, Stack, VisuallyHidden, type MantineSpacing } from '@mantine/core';

type LoadingBlocksProps = {
  /** Read out to screen readers while the blocks show, e.g. "Loading the call…". */
  label: string;
  /** One grey block per height (px), top to bottom, roughly the shape of what is coming. */
  heights: number[];
  gap?: MantineSpacing;
};

/** Placeholder blocks while a screen or panel loads, announced as a status. */
export function LoadingBlocks({ label, heights, gap = 'sm' }: LoadingBlocksProps) {
  return (
    <Stack gap={gap}>
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {heights.map((height, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </Stack>
  );
}
