import { Button, Stack, Text } from '@mantine/core';

/** A page number past the end of a list (an old link, rows deleted since): the way back. */
export function PastLastPage({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text c="dimmed" size="sm">
        There is nothing on this page.
      </Text>
      <Button variant="light" size="xs" onClick={onFirstPage}>
        Go to the first page
      </Button>
    </Stack>
  );
}
