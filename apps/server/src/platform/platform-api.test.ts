import { describe, expect, it } from 'vitest';
import { platformPath } from './platform-api';

describe('platformPath', () => {
  it('fills each {name} segment, encoded', () => {
    expect(platformPath('/credential/{id}', { id: 'a/b c' })).toBe('/credential/a%2Fb%20c');
    expect(platformPath('/call/{id}/call-logs', { id: 'call-1' })).toBe('/call/call-1/call-logs');
  });

  it('refuses a path whose segment has no value', () => {
    expect(() => platformPath('/credential/{id}', {})).toThrow(/no value for \{id\}/);
  });
});
