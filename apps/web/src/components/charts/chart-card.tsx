import { Box, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { CHART_HEIGHT } from './chart-theme';

type ChartCardProps = {
  title: string;
  /** One line on what is counted, under the title. */
  description?: string;
  children: ReactNode;
};

/** A titled card around one chart; the heading names the region for screen-reader navigation. */
export function ChartCard({ title, description, children }: ChartCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Stack gap={2} mb="md">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Card>
  );
}

/** The shape of a ChartCard while its data loads, so the page does not jump when it arrives. */
export function ChartCardSkeleton({ height = CHART_HEIGHT }: { height?: number }) {
  return (
    <Card aria-hidden>
      <Stack gap={8} mb="md">
        <Skeleton height={18} width="45%" radius="sm" />
        <Skeleton height={12} width="70%" radius="sm" />
      </Stack>
      <Box h={height}>
        <Skeleton height="100%" radius="md" />
      </Box>
    </Card>
  );
}

const GRID_COLS = { base: 1, md: 2 } as const;

/** Chart cards two abreast on wide screens, one column on a phone. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** A ChartGrid of `count` skeleton cards, while the charts' data loads. */
export function ChartGridSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <ChartCardSkeleton key={index} />
      ))}
    </SimpleGrid>
  );
}
