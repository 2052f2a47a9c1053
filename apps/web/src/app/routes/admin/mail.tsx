import { Tabs } from '@mantine/core';
import { IconInbox, IconSend } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { OPERATOR_TIME_ZONE } from '../../../lib/time-zones';
import { MailInbox } from '../../../features/mailbox/components/mail-inbox';
import { MailRefreshButton } from '../../../features/mailbox/components/mail-refresh-button';
import { OutboxTable } from '../../../features/mailbox/components/outbox-table';
import { useConsolePaging } from '../../../lib/console-paging';

type MailTab = 'inbox' | 'outbox';

export default function AdminMailRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const paging = useConsolePaging();
  const tab: MailTab = searchParams.get('tab') === 'outbox' ? 'outbox' : 'inbox';
  const selectedId = searchParams.get('message');

  const changeTab = (next: string | null) => {
    // Each tab starts on its first page; the open message belongs to the inbox.
    setSearchParams(next === 'outbox' ? { tab: 'outbox' } : {});
  };
  const selectMessage = (id: string) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set('message', id);
      return params;
    });
  };

  return (
    <>
      <PageHeader
        title="Mailbox"
        description="Mail is delivered here while no SMTP server is configured. The outbox shows every message and its delivery attempts."
        timeZone={OPERATOR_TIME_ZONE}
        actions={<MailRefreshButton />}
      />
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="inbox" leftSection={<IconInbox size={16} />}>
            Delivered
          </Tabs.Tab>
          <Tabs.Tab value="outbox" leftSection={<IconSend size={16} />}>
            Outbox
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbox">
          <MailInbox {...paging} selectedId={selectedId} onSelect={selectMessage} />
        </Tabs.Panel>
        <Tabs.Panel value="outbox">
          <OutboxTable {...paging} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
