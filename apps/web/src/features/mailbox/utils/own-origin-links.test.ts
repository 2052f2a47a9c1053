import { describe, expect, it } from 'vitest';
import { splitOwnOriginLinks } from './own-origin-links';

const origin = 'http://127.0.0.1:3141';

describe('splitOwnOriginLinks', () => {
  it('turns a link to this app into a link, keeping the text around it', () => {
    const text = `Hello,\n\nSet your password: ${origin}/set-password?token=abc_123.\n\nThanks`;
    expect(splitOwnOriginLinks(text, origin)).toEqual([
      { kind: 'text', text: 'Hello,\n\nSet your password: ' },
      {
        kind: 'link',
        text: `${origin}/set-password?token=abc_123`,
        href: `${origin}/set-password?token=abc_123`,
      },
      { kind: 'text', text: '.\n\nThanks' },
    ]);
  });

  it.each([
    'https://evil.example/set-password?token=x',
    'http://127.0.0.1:3141.evil.example/x',
    'http://127.0.0.1:9999/set-password',
    'https://127.0.0.1:3141/set-password',
    'http://user:pass@127.0.0.1:3141/x',
  ])('leaves %s as text', (url) => {
    const segments = splitOwnOriginLinks(`Go to ${url} now`, origin);
    expect(segments.filter((segment) => segment.kind === 'link')).toEqual([]);
    expect(segments.map((segment) => segment.text).join('')).toBe(`Go to ${url} now`);
  });

  it('links only the URL itself, never what precedes it', () => {
    const segments = splitOwnOriginLinks(`javascript:alert(1)//${origin}/x`, origin);
    expect(segments).toEqual([
      { kind: 'text', text: 'javascript:alert(1)//' },
      { kind: 'link', text: `${origin}/x`, href: `${origin}/x` },
    ]);
  });

  it('keeps markup as text', () => {
    const text = '<script>alert(1)</script> <a href="http://127.0.0.1:3141/x">x</a>';
    const segments = splitOwnOriginLinks(text, origin);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
  });
});
