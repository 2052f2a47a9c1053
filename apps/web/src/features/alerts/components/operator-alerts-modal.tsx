import { Modal } from '@mantine/core';
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
      {business && <AlertsSection canEdit timeZone={business.timezone} operatorOf={business.id} />}
    </Modal>
  );
}
