import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { mailQueryKey } from '../api/list-mail';

/** Fetches the mailbox and outbox again now (they also refresh on their own every 15 s). */
export function MailRefreshButton() {
  const queryClient = useQueryClient();
  // Only the refresh asked for here shows as loading, not the quiet ones in the background.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries({ queryKey: mailQueryKey });
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} />}
      loading={refreshing}
      onClick={() => void refresh()}
    >
      Refresh
    </Button>
  );
}
