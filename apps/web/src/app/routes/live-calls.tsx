import { PageHeader } from '../../components/page-header';
import { useIsOperator } from '../../lib/session-context';
import { usePlatformStatus } from '../../features/platform/api/get-platform-status';
import { LiveCalls } from '../../features/live-calls/components/live-calls';

/**
 * `/live-calls`: the calls in progress right now (the operator: every business's), each with
 * what is being said, Listen, and Step in.
 */
export default function LiveCallsRoute() {
  const operator = useIsOperator();
  const platform = usePlatformStatus();
  return (
    <>
      <PageHeader
        title="Live calls"
        description={
          operator
            ? 'Calls in progress at every business, as they happen.'
            : 'Calls in progress right now. Listen in, or step in to help the assistant.'
        }
      />
      <LiveCalls showBusiness={operator} sandbox={platform.data?.mode === 'sandbox'} />
    </>
  );
}
