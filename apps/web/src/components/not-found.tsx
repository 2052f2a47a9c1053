import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './not-found.module.css';

/** The seed's generic not-found fallback: for unknown paths and for a route that answers 404. */
export function NotFound() {
  return (
    <Container size="sm" py={{ base: 56, sm: 104 }}>
      <title>Not Found · Switchboard</title>
      <Stack align="center" gap="md" ta="center">
        <Text className={classes.code} aria-hidden>
          404
        </Text>
        <Title order={1}>Not Found</Title>
        <Text c="dimmed" size="lg" maw={440}>
          There is no page at this address. It may have moved, or the link may be mistyped.
        </Text>
        <Button component={Link} to="/" mt="sm" leftSection={<IconArrowLeft size={18} />}>
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
