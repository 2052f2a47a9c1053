import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './origin-check';

const OURS = 'https://switchboard.example.com';

describe('isSameOrigin', () => {
  it.each([
    { name: 'Sec-Fetch-Site same-origin', headers: { 'sec-fetch-site': 'same-origin' }, ok: true },
    {
      name: 'Sec-Fetch-Site none (typed by the user)',
      headers: { 'sec-fetch-site': 'none' },
      ok: true,
    },
    { name: 'Sec-Fetch-Site same-site', headers: { 'sec-fetch-site': 'same-site' }, ok: false },
    { name: 'Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' }, ok: false },
    {
      name: 'Sec-Fetch-Site wins over a matching Origin',
      headers: { 'sec-fetch-site': 'cross-site', origin: OURS },
      ok: false,
    },
    { name: 'our Origin without Sec-Fetch-Site', headers: { origin: OURS }, ok: true },
    {
      name: 'our Origin in other letter case',
      headers: { origin: 'https://Switchboard.example.com' },
      ok: true,
    },
    { name: 'another Origin', headers: { origin: 'https://evil.example' }, ok: false },
    {
      name: 'our host over another scheme',
      headers: { origin: 'http://switchboard.example.com' },
      ok: false,
    },
    { name: 'Origin "null" (sandboxed frame, file://)', headers: { origin: 'null' }, ok: false },
    { name: 'neither header', headers: {}, ok: false },
  ])('$name → $ok', ({ headers, ok }) => {
    expect(isSameOrigin(headers, OURS)).toBe(ok);
  });
});
