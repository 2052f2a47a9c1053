import type { Business, BusinessSettingsInput } from '@switchboard/shared/account';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessQueryKey } from './get-business';

/** PUT /api/business (owners). */
export function updateBusiness(input: BusinessSettingsInput): Promise<Business> {
  return api('put', '/business', { body: input });
}

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusiness,
    meta: { errorToast: false },
    onSuccess: async (business) => {
      queryClient.setQueryData(businessQueryKey, business);
      notifications.show({ color: 'teal', title: 'Business saved', message: business.name });
      // The time zone (and the name) show on every screen: everything is asked again, so every
      // date moves to the new zone at once, the session first.
      await queryClient.invalidateQueries();
    },
  });
}
