import { zonedDay } from '@switchboard/shared/campaigns';
import { countryCodeOf } from '@switchboard/shared/countries';
import {
  DEFAULT_DAILY_CALL_CAP,
  DEFAULT_DAILY_MINUTE_CAP,
  RISKY_NUMBER_KINDS,
  dialFieldMessage,
  type CallingRules,
  type DialRefusal,
  type RiskyNumberKind,
  type UpdateCallingRules,
} from '@switchboard/shared/dialing';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/errors';
import { AppError, notFound } from '../../lib/app-error';
import { dialRefusalOf, type DialPolicy } from './dial-rules';
import {
  callsReserved,
  findBusinessForRules,
  outboundMinutes,
  releaseCalls,
  reserveCalls,
  upsertCallingRules,
} from './dialing.repository';

/** A business's rules as the checks use them. */
export type BusinessDialPolicy = DialPolicy & {
  businessId: string;
  timeZone: string;
  dailyCallCap: number;
  dailyMinuteCap: number;
};

const isRiskyKind = (value: string): value is RiskyNumberKind =>
  (RISKY_NUMBER_KINDS as readonly string[]).includes(value);

/** A number to check and the request field it came from (for the 400's issue path). */
export type DialledNumber = { number: string; path: (string | number)[] };

/**
 * The operator's calling rules (decision 053): which numbers the platform may dial for a
 * business, and its daily caps on outbound calls and minutes, counted in the database.
 */
export class DialingService {
  constructor(private readonly deps: { db: Db; now?: () => number }) {}

  private now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  private async business(businessId: string) {
    const row = z.uuid().safeParse(businessId).success
      ? await findBusinessForRules(this.deps.db, businessId)
      : undefined;
    if (!row) throw notFound('Business');
    return row;
  }

  async policyOf(businessId: string): Promise<BusinessDialPolicy> {
    const row = await this.business(businessId);
    const home = countryCodeOf(row.country);
    const countries = row.allowedCountries ?? (home ? [home] : []);
    return {
      businessId,
      timeZone: row.timeZone || 'UTC',
      allowedCountries: new Set(countries),
      allowedKinds: new Set((row.allowedNumberKinds ?? []).filter(isRiskyKind)),
      dailyCallCap: row.dailyCallCap ?? DEFAULT_DAILY_CALL_CAP,
      dailyMinuteCap: row.dailyMinuteCap ?? DEFAULT_DAILY_MINUTE_CAP,
    };
  }

  /**
   * Numbers a business is about to give the platform to dial on its calls (transfer
   * destinations, a fallback): a 400 naming each refused field, nothing sent. An agent no
   * business owns is the operator's own: its numbers are not checked.
   */
  async requireDialable(businessId: string | null, numbers: DialledNumber[]): Promise<void> {
    if (!businessId || numbers.length === 0) return;
    const policy = await this.policyOf(businessId);
    const refused = numbers.flatMap(({ number, path }) => {
      const refusal = dialRefusalOf(number, policy);
      return refusal ? [{ path, message: dialFieldMessage(refusal), number }] : [];
    });
    const first = refused[0];
    if (!first) return;
    throw new AppError('VALIDATION_ERROR', `${first.number}: ${first.message}`, {
      issues: refused.map(({ path, message }) => ({ path, message })),
    });
  }

  /** The refusal of each number (undefined: it may be dialled), in one policy read. */
  refusalsOf(numbers: readonly string[], policy: DialPolicy): Map<string, DialRefusal> {
    const refused = new Map<string, DialRefusal>();
    for (const number of numbers) {
      const refusal = dialRefusalOf(number, policy);
      if (refusal) refused.set(number, refusal);
    }
    return refused;
  }

  /**
   * How many of `wanted` calls the business may hand the platform for the day `at` falls on
   * (its time zone): none once the day's outbound minutes reached the minute cap, otherwise what
   * is left of the call cap, reserved at once.
   */
  async reserve(
    policy: BusinessDialPolicy,
    at: Date,
    wanted: number,
  ): Promise<{ granted: number; day: string; hold: 'daily_calls' | 'daily_minutes' | null }> {
    const { day, start, end } = zonedDay(at, policy.timeZone);
    if (wanted <= 0) return { granted: 0, day, hold: null };
    if (await this.minutesReached(policy, at, { day, start, end })) {
      return { granted: 0, day, hold: 'daily_minutes' };
    }
    const granted = await reserveCalls(
      this.deps.db,
      policy.businessId,
      day,
      wanted,
      policy.dailyCallCap,
    );
    return { granted, day, hold: granted < wanted ? 'daily_calls' : null };
  }

  /** Whether a window opening at `at` would get any call now (minutes and calls left). */
  async hasRoom(policy: BusinessDialPolicy, at: Date): Promise<boolean> {
    const bounds = zonedDay(at, policy.timeZone);
    if (await this.minutesReached(policy, at, bounds)) return false;
    return (await callsReserved(this.deps.db, policy.businessId, bounds.day)) < policy.dailyCallCap;
  }

  async release(businessId: string, day: string, count: number): Promise<void> {
    await releaseCalls(this.deps.db, businessId, day, count);
  }

  /** Whether the business's outbound minutes on the day `at` falls on reached its minute cap. */
  async minutesReached(
    policy: BusinessDialPolicy,
    at: Date,
    bounds = zonedDay(at, policy.timeZone),
  ): Promise<boolean> {
    const minutes = await outboundMinutes(
      this.deps.db,
      policy.businessId,
      bounds.start,
      bounds.end,
    );
    return minutes >= policy.dailyMinuteCap;
  }

  /** The operator's view of a business's rules, with today's usage. */
  async rules(businessId: string): Promise<CallingRules> {
    const row = await this.business(businessId);
    const policy = await this.policyOf(businessId);
    const today = zonedDay(this.now(), policy.timeZone);
    const [calls, minutes] = await Promise.all([
      callsReserved(this.deps.db, businessId, today.day),
      outboundMinutes(this.deps.db, businessId, today.start, today.end),
    ]);
    return {
      businessId,
      businessName: row.name,
      homeCountry: countryCodeOf(row.country) ?? null,
      allowedCountries: [...policy.allowedCountries].sort(),
      countriesAreDefault: !row.allowedCountries,
      allowedNumberKinds: RISKY_NUMBER_KINDS.filter((kind) => policy.allowedKinds.has(kind)),
      dailyCallCap: policy.dailyCallCap,
      dailyMinuteCap: policy.dailyMinuteCap,
      today: { day: today.day, calls, minutes: Math.round(minutes * 10) / 10 },
    };
  }

  async updateRules(businessId: string, input: UpdateCallingRules): Promise<CallingRules> {
    await this.business(businessId);
    try {
      await upsertCallingRules(this.deps.db, {
        businessId,
        allowedCountries: input.allowedCountries ? [...new Set(input.allowedCountries)] : null,
        allowedNumberKinds: [...new Set(input.allowedNumberKinds)],
        dailyCallCap: input.dailyCallCap,
        dailyMinuteCap: input.dailyMinuteCap,
      });
    } catch (error) {
      // The business was deleted in the meantime.
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound('Business');
      throw error;
    }
    return this.rules(businessId);
  }
}
