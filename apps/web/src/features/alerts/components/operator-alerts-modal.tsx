import { Modal, Stack } from '@mantine/core';
import { TimeZoneLine } from '../../../components/page-header';
import { AlertsSection } from './alerts-section';

/**
 * The operator's own alerts on one business (decision 062): set, switched and deleted here, mailed
 * to the operators; the business's owners do not see them.
 */
export function OperatorAlertsModal({
  business,
  onClose,
}: {
  business: { id: string; name: string; timezone: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={business !== null}
      onClose={onClose}
      title={business ? `Your alerts on ${business.name}` : ''}
      size="xl"
    >
      {/* Over the operator's screens (in UTC): the business's own zone, which its times are in. */}
      {business && (
        <Stack gap="sm">
          <TimeZoneLine timeZone={business.timezone} />
          <AlertsSection canEdit timeZone={business.timezone} operatorOf={business.id} />
        </Stack>
      )}
    </Modal>
  );
}
