import { describe, expect, it } from 'vitest';
import { fetchFailedMessage } from './fetch-errors';

describe('fetchFailedMessage', () => {
  it.each([
    ['agents', 'Service Unavailable', 'Failed to fetch agents: Service Unavailable'],
    ['agent', 'status 500', 'Failed to fetch agent: status 500'],
    ['call logs', '  timeout ', 'Failed to fetch call logs: timeout'],
    ['call logs', null, 'Failed to fetch call logs'],
    ['appointments', '', 'Failed to fetch appointments'],
    ['contacts', undefined, 'Failed to fetch contacts'],
  ])('%s with %j', (what, reason, expected) => {
    expect(fetchFailedMessage(what, reason)).toBe(expected);
  });
});
