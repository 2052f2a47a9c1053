import { Center, Loader } from '@mantine/core';

/** Shown while the first screen's code loads (the router's HydrateFallback). */
export function FullPageLoader() {
  return (
    <Center mih="100vh" role="status" aria-label="Loading">
      <Loader size="lg" />
    </Center>
  );
}
