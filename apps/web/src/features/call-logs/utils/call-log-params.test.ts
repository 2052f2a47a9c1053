import { describe, expect, it } from 'vitest';
import {
  callLogFilterOf,
  changeCallLogParams,
  DEFAULT_CALL_LOG_STATE,
  hasActiveFilters,
  parseCallLogParams,
  phoneFilterError,
  resetCallLogParams,
  searchError,
  type CallLogChange,
} from './call-log-params';

const params = (search: string) => new URLSearchParams(search);
const change = (search: string, next: CallLogChange) =>
  changeCallLogParams(params(search), next).toString();

describe('parseCallLogParams', () => {
  it('gives the defaults for an empty query string', () => {
    expect(parseCallLogParams(params(''))).toEqual(DEFAULT_CALL_LOG_STATE);
    // The first page of 50 calls, every tab's, with no filter and no call open.
    expect(DEFAULT_CALL_LOG_STATE).toMatchObject({
      tab: 'all',
      includeTest: false,
      page: 1,
      limit: 50,
      call: null,
    });
    expect(hasActiveFilters(DEFAULT_CALL_LOG_STATE)).toBe(false);
  });

  it('reads every key', () => {
    expect(
      parseCallLogParams(
        params(
          'tab=failed&phone=%2B353+87&from=2026-03-01&to=2026-03-09&q=book&page=3&limit=20&call=c1' +
            '&endReason=silence-timed-out&callType=web&minDuration=30&maxDuration=600' +
            '&minCost=0.05&maxCost=1.5&includeTest=1&agentId=asst-1',
        ),
      ),
    ).toEqual({
      tab: 'failed',
      phone: '+353 87',
      from: '2026-03-01',
      to: '2026-03-09',
      q: 'book',
      endReason: 'silence-timed-out',
      callType: 'web',
      minDuration: 30,
      maxDuration: 600,
      minCost: 0.05,
      maxCost: 1.5,
      includeTest: true,
      agentId: 'asst-1',
      page: 3,
      limit: 20,
      call: 'c1',
    });
  });

  it('accepts an open-ended range', () => {
    expect(parseCallLogParams(params('from=2026-03-01'))).toMatchObject({
      from: '2026-03-01',
      to: null,
    });
    expect(parseCallLogParams(params('to=2026-03-01'))).toMatchObject({
      from: null,
      to: '2026-03-01',
    });
  });

  it.each([
    ['tab=everything', { tab: 'all' }],
    ['tab=', { tab: 'all' }],
    ['tab=FAILED', { tab: 'all' }],
    ['phone=abc', { phone: '' }],
    ['phone=+()-', { phone: '' }],
    [`phone=${'1'.repeat(41)}`, { phone: '' }],
    ['phone=%20%20', { phone: '' }],
    ['from=2026-02-30', { from: null }],
    ['from=yesterday', { from: null }],
    ['to=2026-3-1', { to: null }],
    ['from=2026-03-09&to=2026-03-01', { from: null, to: null }],
    [`q=${'a'.repeat(201)}`, { q: '' }],
    ['q=%20', { q: '' }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=1.5', { page: 1 }],
    ['page=two', { page: 1 }],
    ['page=', { page: 1 }],
    ['limit=0', { limit: 50 }],
    ['limit=101', { limit: 50 }],
    ['limit=ten', { limit: 50 }],
    ['call=', { call: null }],
  ])('falls back to the default for %s', (search, expected) => {
    expect(parseCallLogParams(params(search))).toEqual({ ...DEFAULT_CALL_LOG_STATE, ...expected });
  });

  it('keeps the good values next to a bad one', () => {
    expect(parseCallLogParams(params('tab=bogus&page=4&phone=555'))).toMatchObject({
      tab: 'all',
      page: 4,
      phone: '555',
    });
  });
});

describe('changeCallLogParams: the page-reset rules', () => {
  const onPage3 = 'tab=failed&phone=555&from=2026-03-01&to=2026-03-09&q=book&page=3&limit=20';

  it.each<[string, CallLogChange, string]>([
    ['the tab', { tab: 'transferred' }, 'tab=transferred'],
    ['the tab back to All', { tab: 'all' }, ''],
    ['the phone filter', { phone: '087' }, 'phone=087'],
    ['the phone filter, cleared', { phone: '' }, ''],
    ['the start date', { from: '2026-02-01' }, 'from=2026-02-01'],
    ['the end date', { to: '2026-03-10' }, 'to=2026-03-10'],
    ['the start date, cleared', { from: null }, ''],
    ['the date range', { from: '2026-01-01', to: '2026-01-31' }, 'from=2026-01-01&to=2026-01-31'],
    ['the search', { q: 'cleaning' }, 'q=cleaning'],
    ['the search, cleared', { q: '' }, ''],
    ['the page size', { limit: 100 }, 'limit=100'],
  ])('changing %s goes back to page 1', (_what, next, changed) => {
    const before = params(onPage3);
    const after = changeCallLogParams(before, next);
    expect(after.has('page')).toBe(false);
    // Only the changed key differs (besides page).
    const expected = params(onPage3);
    expected.delete('page');
    for (const key of Object.keys(next)) expected.delete(key);
    for (const [key, value] of params(changed)) expected.set(key, value);
    expect(Object.fromEntries(after)).toEqual(Object.fromEntries(expected));
  });

  it.each<[string, CallLogChange]>([
    ['the same tab', { tab: 'failed' }],
    ['the same phone filter', { phone: '555' }],
    ['the same phone filter with spaces around it', { phone: ' 555 ' }],
    ['the same dates', { from: '2026-03-01', to: '2026-03-09' }],
    ['the same search', { q: 'book' }],
    ['the same page size', { limit: 20 }],
    ['opening a call', { call: 'c1' }],
  ])('setting %s keeps the page', (_what, next) => {
    expect(changeCallLogParams(params(onPage3), next).get('page')).toBe('3');
  });

  it('closing a call keeps the page and the filters', () => {
    expect(change('tab=failed&page=3&call=c1', { call: null })).toBe('tab=failed&page=3');
  });

  it.each([
    ['', { page: 2 }, 'page=2'],
    ['page=2', { page: 1 }, ''],
    ['tab=failed&page=2', { page: 5 }, 'tab=failed&page=5'],
  ])('moves from %j to another page', (search, next, expected) => {
    expect(change(search, next)).toBe(expected);
  });

  it('leaves defaults out of the URL and trims what is typed', () => {
    expect(change('', { tab: 'all', phone: '  ', q: ' book ', limit: 50 })).toBe('q=book');
  });

  it('keeps query keys it does not own', () => {
    expect(change('utm=x&page=2', { tab: 'failed' })).toBe('utm=x&tab=failed');
  });
});

describe('resetCallLogParams', () => {
  it('restores every default: nothing but the path is left', () => {
    const reset = resetCallLogParams();
    expect(reset.toString()).toBe('');
    expect(parseCallLogParams(reset)).toEqual(DEFAULT_CALL_LOG_STATE);
  });
});

describe('callLogFilterOf and hasActiveFilters', () => {
  it('gives the API exactly the filter, never the page, size or call', () => {
    const state = parseCallLogParams(
      params('tab=failed&phone=555&from=2026-03-01&q=book&page=3&limit=20&call=c1'),
    );
    expect(callLogFilterOf(state)).toEqual({
      tab: 'failed',
      phone: '555',
      from: '2026-03-01',
      q: 'book',
      includeTest: false,
    });
    expect(callLogFilterOf(DEFAULT_CALL_LOG_STATE)).toEqual({ tab: 'all', includeTest: false });
    expect(
      callLogFilterOf(
        parseCallLogParams(
          params('endReason=voicemail&callType=outbound&minDuration=0&maxCost=2&includeTest=1'),
        ),
      ),
    ).toEqual({
      tab: 'all',
      endReason: 'voicemail',
      callType: 'outbound',
      minDuration: 0,
      maxCost: 2,
      includeTest: true,
    });
  });

  it.each([
    'endReason=drop%20table',
    'callType=fax',
    'minDuration=-5',
    'minDuration=1.5',
    'maxDuration=999999',
    'minCost=0.001',
    'maxCost=abc',
    'minDuration=60&maxDuration=10',
    'minCost=2&maxCost=1',
    'includeTest=yes',
  ])('drops a value the server would refuse: %s', (search) => {
    expect(callLogFilterOf(parseCallLogParams(params(search)))).toEqual({
      tab: 'all',
      includeTest: false,
    });
  });

  it('goes back to page 1 when a new filter or the test-call switch changes', () => {
    expect(change('page=4', { endReason: 'voicemail' })).toBe('endReason=voicemail');
    expect(change('page=4', { minCost: 0.5, maxCost: 2 })).toBe('minCost=0.5&maxCost=2');
    expect(change('page=4&callType=web', { callType: null })).toBe('');
    expect(change('page=4', { includeTest: true })).toBe('includeTest=1');
    expect(change('page=4&includeTest=1', { includeTest: false })).toBe('');
    expect(change('page=4', { agentId: 'asst-1' })).toBe('agentId=asst-1');
  });

  it('keeps the test-call switch on Reset (it is shared with the agent’s other screens)', () => {
    expect(resetCallLogParams(params('includeTest=1&tab=failed&minCost=1')).toString()).toBe(
      'includeTest=1',
    );
    expect(resetCallLogParams(params('tab=failed')).toString()).toBe('');
  });

  it.each([
    ['', false],
    ['page=3&limit=20&call=c1', false],
    ['tab=successful', true],
    ['phone=555', true],
    ['from=2026-03-01', true],
    ['to=2026-03-01', true],
    ['q=book', true],
    ['endReason=voicemail', true],
    ['callType=web', true],
    ['minDuration=10', true],
    ['maxCost=1', true],
    ['agentId=a', true],
    ['includeTest=1', false],
  ])('%j is filtered: %s', (search, expected) => {
    expect(hasActiveFilters(parseCallLogParams(params(search)))).toBe(expected);
  });
});

describe('input checks', () => {
  it.each([
    ['', null],
    ['087 123', null],
    ['+1 (555)', null],
    ['abc', 'Enter at least one digit of a phone number'],
    ['1'.repeat(41), 'Enter at most 40 characters'],
  ])('phone %j → %j', (phone, expected) => {
    expect(phoneFilterError(phone)).toBe(expected);
  });

  it('refuses a search longer than the server takes', () => {
    expect(searchError('a'.repeat(200))).toBeNull();
    expect(searchError('a'.repeat(201))).toBe('Search at most 200 characters');
  });
});
