import type { CallBackInput, CallBackResult } from '@switchboard/shared/dialing';
import { dialFieldMessage } from '@switchboard/shared/dialing';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { PlatformClient } from '../../platform/platform-client';
import { findBusinessAgent } from '../campaigns/campaigns.repository';
import { consoleFailure } from '../console/console-errors';
import type { ConsoleService } from '../console/console.service';
import { findContact, findContactByPhone } from '../contacts/contacts.repository';
import { findCallWithAgent } from '../calls/calls.repository';
import { dialRefusalOf } from './dial-rules';
import type { DialingService } from './dialing.service';

/** What placing calls needs: the database, the platform, the console, the dialing rules, a clock. */
export type CallingDeps = {
  db: Db;
  platform: () => PlatformClient;
  console: ConsoleService;
  dialing: DialingService;
  now?: () => number;
};

/**
 * "Call back": one outbound call to one of the business's contacts (`POST /call`), by one of its
 * agents from one of its numbers, under the calling rules and daily caps of decision 053 — the
 * number must be one the rules allow, and the call takes one of the day's calls (none while the
 * day's minutes are reached). A call the platform refuses gives its reservation back.
 */
export class CallBackService {
  constructor(private readonly deps: CallingDeps) {}

  async callBack(
    businessId: string,
    contactId: string,
    input: CallBackInput,
  ): Promise<CallBackResult> {
    const contact = await findContact(this.deps.db, businessId, contactId);
    if (!contact) throw notFound('Contact');
    if (!contact.phone) {
      throw new AppError('VALIDATION_ERROR', 'This contact has no phone number to call.');
    }
    return this.dial(businessId, { ...contact, phone: contact.phone }, input);
  }

  /**
   * "Call back" from a call's detail: the caller of one of the business's calls, at the number
   * the call came from; their contact's do-not-call mark and name apply when they have one.
   */
  async callBackCaller(
    businessId: string,
    callId: string,
    input: CallBackInput,
  ): Promise<CallBackResult> {
    const call = await findCallWithAgent(this.deps.db, callId, businessId);
    if (!call) throw notFound('Call');
    if (!call.customerNumber) {
      throw new AppError(
        'VALIDATION_ERROR',
        'This call has no caller’s number to call back (a web call, or its caller was erased).',
      );
    }
    const contact = await findContactByPhone(this.deps.db, businessId, call.customerNumber);
    return this.dial(
      businessId,
      {
        phone: call.customerNumber,
        name: contact?.name ?? null,
        doNotCall: contact?.doNotCall ?? false,
      },
      input,
    );
  }

  private async dial(
    businessId: string,
    contact: { phone: string; name: string | null; doNotCall: boolean },
    input: CallBackInput,
  ): Promise<CallBackResult> {
    const { db, dialing } = this.deps;
    const agent = await findBusinessAgent(db, businessId, input.agentId);
    if (!agent) throw notFound('Agent');
    await this.deps.console.requireOwned(businessId, 'phone-number', input.phoneNumberId);
    if (contact.doNotCall) {
      throw new AppError('CONFLICT', 'This contact is marked do-not-call.');
    }
    const policy = await dialing.policyOf(businessId);
    const refusal = dialRefusalOf(contact.phone, policy);
    if (refusal) {
      throw new AppError('VALIDATION_ERROR', `${contact.phone}: ${dialFieldMessage(refusal)}`);
    }
    const at = new Date(this.deps.now?.() ?? Date.now());
    const reserved = await dialing.reserve(policy, at, 1);
    if (reserved.granted === 0) {
      throw new AppError(
        'CONFLICT',
        reserved.hold === 'daily_minutes'
          ? `Today's ${policy.dailyMinuteCap} call minutes are used up: no more calls today.`
          : `Today's ${policy.dailyCallCap} outbound calls are used up: no more calls today.`,
      );
    }
    try {
      const call = await this.deps.platform().sdk.calls.create({
        assistantId: input.agentId,
        phoneNumberId: input.phoneNumberId,
        customer: {
          number: contact.phone,
          ...(contact.name ? { name: contact.name.slice(0, 40) } : {}),
        },
      });
      if (!('id' in call)) throw new Error('The platform answered a batch');
      return { callId: call.id };
    } catch (error) {
      await dialing.release(businessId, reserved.day, 1).catch(() => undefined);
      throw consoleFailure('place call', error);
    }
  }
}
