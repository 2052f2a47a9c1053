import type { ServiceEnquiryRequest } from '@switchboard/shared/service-enquiries';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ServiceEnquiryResult = { message: string };

/**
 * POST /api/service-enquiries (public, 201). The body comes from toServiceEnquiryRequest, so
 * email and phone are left out when not given (the seed's rule).
 */
export function sendServiceEnquiry(request: ServiceEnquiryRequest): Promise<ServiceEnquiryResult> {
  return api('post', '/service-enquiries', { body: request });
}

export function useSendServiceEnquiry() {
  // The form shows a failure in its own alert.
  return useMutation({ mutationFn: sendServiceEnquiry, meta: { errorToast: false } });
}
