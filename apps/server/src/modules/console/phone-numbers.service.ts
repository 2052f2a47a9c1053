import type { Vapi } from '@vapi-ai/server-sdk';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  CreatePhoneNumber,
  PhoneNumber,
  UpdatePhoneNumberInput,
} from '@switchboard/shared/phone-numbers';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { PlatformClient } from '../../platform/platform-client';
import { readAllByCreatedAt } from '../../platform/read-all';
import { forgetResource, recordOwned, renameResource } from './console.repository';
import { consoleFailure, isPlatformNotFound } from './console-errors';
import type { ConsoleService } from './console.service';
import type { DialingService } from '../dialing/dialing.service';

type PlatformPhone = Vapi.ListPhoneNumbersResponseItem;

/** A number as libphonenumber reads it, in E.164; a 400 naming the field otherwise. */
function e164(value: string, field: string): string {
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isPossible()) {
    throw new AppError('VALIDATION_ERROR', `${field}: not a possible phone number`);
  }
  return parsed.number;
}

function fallbackOf(phone: PlatformPhone): string | null {
  const destination = phone.fallbackDestination;
  return destination && destination.type === 'number' ? destination.number : null;
}

/**
 * The business's phone numbers on the platform (the platform is their truth; the ownership
 * record says which are the business's). Provider credentials go to the platform only: no answer
 * carries them and nothing logs them.
 */
export class PhoneNumbersService {
  constructor(
    private readonly deps: {
      db: Db;
      platform: () => PlatformClient;
      console: ConsoleService;
      /** A fallback number is dialled by the platform: it passes the calling rules. */
      dialing: Pick<DialingService, 'requireDialable'>;
    },
  ) {}

  private async agentNames(businessId: string): Promise<Map<string, string>> {
    const rows = await this.deps.db
      .select({ id: agents.platformAssistantId, name: agents.name })
      .from(agents)
      .where(and(eq(agents.businessId, businessId), isNull(agents.removedAt)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  private async squadNames(businessId: string): Promise<Map<string, string>> {
    const rows = await this.deps.console.listOwned(businessId, 'squad');
    return new Map(rows.map((r) => [r.platformId, r.name]));
  }

  private toPhoneNumber(
    phone: PlatformPhone,
    agentNames: Map<string, string>,
    squadNames: Map<string, string>,
  ): PhoneNumber {
    const assistantId = phone.assistantId;
    const squadId = phone.squadId;
    return {
      id: phone.id,
      provider: phone.provider,
      number: 'number' in phone && phone.number ? phone.number : null,
      name: phone.name ?? null,
      status: phone.status ?? null,
      // Another business's agent or squad is not named here (nor is it assignable).
      agent:
        assistantId && agentNames.has(assistantId)
          ? { id: assistantId, name: agentNames.get(assistantId) ?? '' }
          : null,
      squad:
        squadId && squadNames.has(squadId)
          ? { id: squadId, name: squadNames.get(squadId) ?? '' }
          : null,
      fallbackNumber: fallbackOf(phone),
      createdAt: new Date(phone.createdAt).toISOString(),
    };
  }

  async list(businessId: string): Promise<PhoneNumber[]> {
    const owned = await this.deps.console.listOwned(businessId, 'phone-number');
    if (owned.length === 0) return [];
    let all: PlatformPhone[];
    try {
      const platform = this.deps.platform();
      // The org's whole list, in createdAt windows (platform/read-all.ts).
      all = await readAllByCreatedAt(
        (window, limit) => platform.sdk.phoneNumbers.list({ limit, ...window }),
        platform.listPageSize,
      );
    } catch (error) {
      throw consoleFailure('fetch phone numbers', error);
    }
    const ownedIds = new Set(owned.map((r) => r.platformId));
    const [agentNames, squadNames] = await Promise.all([
      this.agentNames(businessId),
      this.squadNames(businessId),
    ]);
    return all
      .filter((phone) => ownedIds.has(phone.id))
      .map((phone) => this.toPhoneNumber(phone, agentNames, squadNames))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  private async fetchOne(businessId: string, id: string): Promise<PlatformPhone> {
    await this.deps.console.requireOwned(businessId, 'phone-number', id);
    try {
      return await this.deps.platform().sdk.phoneNumbers.get({ id });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'phone-number', id);
        throw notFound('Phone number');
      }
      throw consoleFailure('fetch phone number', error);
    }
  }

  async get(businessId: string, id: string): Promise<PhoneNumber> {
    const phone = await this.fetchOne(businessId, id);
    const [agentNames, squadNames] = await Promise.all([
      this.agentNames(businessId),
      this.squadNames(businessId),
    ]);
    return this.toPhoneNumber(phone, agentNames, squadNames);
  }

  /**
   * Buys a platform number, or imports a Twilio or Vonage one, and records it as the business's.
   * If the record cannot be written, the number is released again.
   */
  async create(businessId: string, input: CreatePhoneNumber): Promise<PhoneNumber> {
    const platform = this.deps.platform();
    // Who answers is checked before anything is bought: a refused agent, squad or fallback
    // leaves no number behind.
    const answeredBy = await this.answeredBy(businessId, input);
    let created: PlatformPhone;
    let credentialId: string | undefined;
    try {
      switch (input.provider) {
        case 'vapi':
          created = await platform.sdk.phoneNumbers.create({
            provider: 'vapi',
            numberDesiredAreaCode: input.areaCode,
            ...answeredBy,
            ...(input.name ? { name: input.name } : {}),
          });
          break;
        case 'twilio':
          created = await platform.sdk.phoneNumbers.create({
            provider: 'twilio',
            number: e164(input.number, 'number'),
            ...answeredBy,
            twilioAccountSid: input.twilioAccountSid,
            twilioAuthToken: input.twilioAuthToken,
            ...(input.name ? { name: input.name } : {}),
          });
          break;
        case 'vonage': {
          const number = e164(input.number, 'number');
          const credential = await platform.credentials.createVonage({
            apiKey: input.vonageApiKey,
            apiSecret: input.vonageApiSecret,
            name: `Switchboard ${number}`.slice(0, 40),
          });
          credentialId = credential.id;
          created = await platform.sdk.phoneNumbers.create({
            provider: 'vonage',
            number,
            credentialId,
            ...answeredBy,
            ...(input.name ? { name: input.name } : {}),
          });
          break;
        }
      }
    } catch (error) {
      if (credentialId) await platform.credentials.delete(credentialId).catch(() => undefined);
      throw consoleFailure(
        input.provider === 'vapi' ? 'create phone number' : 'import phone number',
        error,
      );
    }
    try {
      await recordOwned(this.deps.db, {
        kind: 'phone-number',
        platformId: created.id,
        businessId,
        name: created.name ?? ('number' in created && created.number ? created.number : ''),
      });
    } catch (error) {
      await platform.sdk.phoneNumbers.delete({ id: created.id }).catch(() => undefined);
      throw error;
    }
    if (created.assistantId) {
      const number = 'number' in created && created.number ? created.number : null;
      await this.refreshAgentNumbers(undefined, created.assistantId, created.id, number);
    }
    return this.get(businessId, created.id);
  }

  /**
   * The platform fields of a number's answerer, checked (on create and update alike): the agent
   * and the squad must be the business's, a fallback number must pass the calling rules.
   */
  private async answeredBy(
    businessId: string,
    input: Pick<CreatePhoneNumber, 'agentId' | 'squadId' | 'fallbackNumber'>,
  ): Promise<{
    assistantId?: string;
    squadId?: string;
    fallbackDestination?: { type: 'number'; number: string };
  }> {
    if (input.agentId) {
      const names = await this.agentNames(businessId);
      if (!names.has(input.agentId)) throw notFound('Agent');
    }
    if (input.squadId) await this.deps.console.requireOwned(businessId, 'squad', input.squadId);
    const fallback = input.fallbackNumber ? e164(input.fallbackNumber, 'fallbackNumber') : null;
    if (fallback) {
      await this.deps.dialing.requireDialable(businessId, [
        { number: fallback, path: ['fallbackNumber'] },
      ]);
    }
    return {
      ...(input.agentId ? { assistantId: input.agentId } : {}),
      ...(input.squadId ? { squadId: input.squadId } : {}),
      ...(fallback ? { fallbackDestination: { type: 'number' as const, number: fallback } } : {}),
    };
  }

  async update(
    businessId: string,
    id: string,
    input: UpdatePhoneNumberInput,
  ): Promise<PhoneNumber> {
    const phone = await this.fetchOne(businessId, id);
    // The same checks as a new number's answerer (null, which clears, needs none).
    const checked = await this.answeredBy(businessId, {
      agentId: input.agentId ?? undefined,
      squadId: input.squadId ?? undefined,
      fallbackNumber: input.fallbackNumber ?? undefined,
    });
    const body: Record<string, unknown> = { provider: phone.provider };
    if (input.name !== undefined) body.name = input.name;
    // An agent and a squad exclude each other: choosing one clears the other.
    if (input.agentId !== undefined) {
      body.assistantId = input.agentId;
      if (input.agentId) body.squadId = null;
    }
    if (input.squadId !== undefined) {
      body.squadId = input.squadId;
      if (input.squadId) body.assistantId = null;
    }
    if (input.fallbackNumber !== undefined) {
      body.fallbackDestination = checked.fallbackDestination ?? null;
    }
    let updated: PlatformPhone;
    try {
      // null clears a field on the platform; the SDK's types name only strings.
      updated = await this.deps.platform().sdk.phoneNumbers.update({
        id,
        body: body as unknown as Vapi.UpdatePhoneNumbersRequestBody,
      });
    } catch (error) {
      throw consoleFailure('update phone number', error);
    }
    const number = 'number' in updated && updated.number ? updated.number : null;
    await renameResource(this.deps.db, 'phone-number', id, updated.name ?? number ?? '');
    await this.refreshAgentNumbers(phone.assistantId, updated.assistantId, id, number);
    return this.get(businessId, id);
  }

  /** The agents' cached number follows an assignment at once (sync would, later). */
  private async refreshAgentNumbers(
    before: string | undefined,
    after: string | undefined,
    phoneId: string,
    number: string | null,
  ): Promise<void> {
    if (before && before !== after) {
      await this.deps.db
        .update(agents)
        .set({ phoneNumber: null, phoneNumberId: null, updatedAt: sql`now()` })
        .where(and(eq(agents.platformAssistantId, before), eq(agents.phoneNumberId, phoneId)));
    }
    if (after) {
      await this.deps.db
        .update(agents)
        .set({ phoneNumber: number, phoneNumberId: phoneId, updatedAt: sql`now()` })
        .where(inArray(agents.platformAssistantId, [after]));
    }
  }

  /** Releases the number on the platform and forgets it. */
  async remove(businessId: string, id: string): Promise<void> {
    const phone = await this.fetchOne(businessId, id);
    try {
      await this.deps.platform().sdk.phoneNumbers.delete({ id });
    } catch (error) {
      if (!isPlatformNotFound(error)) throw consoleFailure('release phone number', error);
    }
    await forgetResource(this.deps.db, 'phone-number', id);
    await this.refreshAgentNumbers(phone.assistantId, undefined, id, null);
  }
}
