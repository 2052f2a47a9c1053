import {
  Button,
  Code,
  Collapse,
  Container,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { isRouteErrorResponse } from 'react-router';

type ErrorPanelProps = {
  /** Whatever was thrown: an Error, a router error response, or any other value. */
  error: unknown;
};

/**
 * The fallback for anything that breaks a screen: the router's errorElement and the app-wide
 * React error boundary both render it. It works without a router (plain links, full reloads),
 * because after an error a clean page load is the most reliable way back.
 */
export function ErrorPanel({ error }: ErrorPanelProps) {
  const [detailsShown, setDetailsShown] = useState(false);
  const detailsId = useId();

  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="lg" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={38} stroke={1.6} />
        </ThemeIcon>
        <Title order={1}>Something went wrong!</Title>
        <Text c="dimmed" size="lg" maw={480}>
          {describe(error)}
        </Text>
        <Group justify="center" gap="sm">
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button component="a" href="/" variant="default" leftSection={<IconHome size={18} />}>
            Go home
          </Button>
          <Button
            variant="subtle"
            color="gray"
            aria-expanded={detailsShown}
            aria-controls={detailsId}
            onClick={() => setDetailsShown((shown) => !shown)}
          >
            {detailsShown ? 'Hide Error' : 'Show Error'}
          </Button>
        </Group>
        <Collapse expanded={detailsShown} keepMounted={false} w="100%" id={detailsId}>
          <Code
            block
            ta="left"
            fz="sm"
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              maxHeight: 360,
              overflow: 'auto',
            }}
          >
            {errorDetails(error)}
          </Code>
        </Collapse>
      </Stack>
    </Container>
  );
}

const chunkLoadFailure =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

function describe(error: unknown): string {
  if (error instanceof Error && chunkLoadFailure.test(error.message)) {
    return 'Part of the app could not be loaded. This usually follows an update or a network hiccup; reloading the page fixes it.';
  }
  return 'An unexpected error stopped this page from showing. Reload to try again, or go back to the home page.';
}

/** Message and stack (or what a non-Error value carries), as text for the details block. */
export function errorDetails(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const head = `${error.status} ${error.statusText}`.trim();
    const data: unknown = error.data;
    if (data === undefined || data === null || data === '') return head;
    return `${head}\n\n${typeof data === 'string' ? data : safeJson(data)}`;
  }
  if (error instanceof Error) {
    const head = `${error.name}: ${error.message}`;
    if (!error.stack) return head;
    // V8 stacks start with "Name: message"; others (Firefox, Safari) are frames only.
    return error.stack.startsWith(head) ? error.stack : `${head}\n\n${error.stack}`;
  }
  if (typeof error === 'string') return error;
  return safeJson(error);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
