import type { Faker, Randomizer } from '@faker-js/faker';
// Faker's en_US entry, not its index: the index loads all of its ~70 locales (~40 MB of the
// process's memory, measured by importing each); this one loads en_US, en and base only.
import { faker as enUsFaker } from '@faker-js/faker/locale/en_US';
import { hash32, mulberry32 } from '../lib/random';

// Names, emails and street addresses come from Faker's en_US data. Faker is re-seeded for every
// caller and every call so that any one of them can be rebuilt alone, in any order; its default
// Mersenne Twister takes ~30 µs to seed, so it runs on a mulberry32 randomizer that seeds in O(1).

function fastRandomizer(): Randomizer {
  let next = mulberry32(0);
  return {
    next: () => next(),
    seed: (seed: number | number[]) => {
      next = mulberry32(Array.isArray(seed) ? hash32(...seed) : hash32(seed));
    },
  };
}

/** Faker's class, had from the en_US entry's instance (the entry exports no class of its own). */
const FakerClass = enUsFaker.constructor as typeof Faker;

export function createFaker(): Faker {
  // The entry's instance holds en_US, en and base merged, as `locale: [en_US, en, base]` does.
  return new FakerClass({ locale: enUsFaker.rawDefinitions, randomizer: fastRandomizer() });
}

export interface Caller {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  /** E.164 */
  number: string;
}

const CACHE_LIMIT = 20_000;

/**
 * The people who call each demo business. Caller n of a business is always the same person with
 * the same number, so repeat callers can be recognised by number.
 */
export class CallerDirectory {
  private readonly faker = createFaker();
  private readonly cache = new Map<string, Caller>();

  constructor(private readonly seed: number) {}

  get(businessIndex: number, callerIndex: number, areaCodes: readonly string[]): Caller {
    const key = `${businessIndex}:${callerIndex}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    this.faker.seed([this.seed, 0xca11e7, businessIndex, callerIndex]);
    const firstName = this.faker.person.firstName();
    const lastName = this.faker.person.lastName();
    const caller: Caller = {
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      // example.com/net/org only: the product may e-mail these people.
      email: this.faker.internet.exampleEmail({ firstName, lastName }).toLowerCase(),
      number: callerNumber(businessIndex, callerIndex, areaCodes),
    };
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, caller);
    return caller;
  }
}

/**
 * A US number in the caller's area. The first 10,000 callers per area code get 555 numbers (not
 * assigned to subscribers); larger pools (benchmarks) continue in other exchanges. The line
 * number is a bijective scramble so consecutive callers do not get consecutive numbers.
 */
export function callerNumber(
  businessIndex: number,
  callerIndex: number,
  areaCodes: readonly string[],
): string {
  const areaCount = Math.max(1, areaCodes.length);
  const area = areaCodes[callerIndex % areaCount] ?? '415';
  const block = Math.floor(callerIndex / areaCount);
  const line = (((block % 10_000) * 7919 + businessIndex * 1237) % 10_000)
    .toString()
    .padStart(4, '0');
  const exchangeBlock = Math.floor(block / 10_000);
  const exchange = exchangeBlock === 0 ? 555 : 200 + ((exchangeBlock * 37) % 355);
  return `+1${area}${exchange}${line}`;
}
