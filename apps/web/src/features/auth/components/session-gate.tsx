import { Button, Center, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { loginPathFor } from '../../../lib/redirect-to';
import { useSession } from '../api/get-session';
import { SessionUserContext } from '../../../lib/session-context';
import { FormAlert } from '../../../components/form-alert';

/**
 * Lets only a signed-in user through to `children`. Without a session (never signed in, or it
 * ended while the app was open: any 401 marks it so), the user is sent to sign in and brought
 * back to this very page (path and query string) afterwards.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.data) {
    return <SessionUserContext value={session.data}>{children}</SessionUserContext>;
  }
  if (session.data === null) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (session.isError) {
    return (
      <Center mih="100vh" p="md">
        <Stack maw={440} w="100%">
          <FormAlert title="Could not check your session" error={session.error} />
          <Button
            leftSection={<IconRefresh size={18} />}
            loading={session.isFetching}
            onClick={() => void session.refetch()}
          >
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  return <FullPageLoader />;
}
