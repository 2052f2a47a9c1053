import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './redirect-to';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/agent/x/call-logs', '/agent/x/call-logs'],
    ['/agent/x/call-logs?tab=failed&page=2', '/agent/x/call-logs?tab=failed&page=2'],
    ['/admin/mail#top', '/admin/mail#top'],
    ['/agent/a%20b', '/agent/a%20b'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    '//evil.com',
    '//evil.com/dashboard',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    'https://evil.com',
    'http://localhost/dashboard',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/\tevil',
    '/\n/evil.com',
    ' /dashboard',
    '/login',
    '/login?redirectTo=/dashboard',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('carries the path and query string back through sign-in', () => {
    expect(loginPathFor('/agent/x/call-logs?tab=failed')).toBe(
      '/login?redirectTo=%2Fagent%2Fx%2Fcall-logs%3Ftab%3Dfailed',
    );
  });

  it('leaves the default destination out', () => {
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(loginPathFor('//evil.com')).toBe('/login');
  });
});
