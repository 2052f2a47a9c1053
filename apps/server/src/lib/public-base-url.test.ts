import { describe, expect, it } from 'vitest';
import { listeningBaseUrl, publicBaseUrlOf } from './public-base-url';

describe('listeningBaseUrl', () => {
  const listening = (port: number) => ({ address: '127.0.0.1', family: 'IPv4', port });
  it.each([
    [{ host: 'localhost', port: 0 }, listening(41234), 'http://localhost:41234'],
    [{ host: '127.0.0.1', port: 0 }, listening(41234), 'http://127.0.0.1:41234'],
    [{ host: '0.0.0.0', port: 8080 }, listening(8080), 'http://localhost:8080'],
    [{ host: '::', port: 8080 }, listening(8080), 'http://localhost:8080'],
    [{ host: '::1', port: 8080 }, listening(8080), 'http://[::1]:8080'],
    [{ host: 'sb.internal', port: 8080 }, listening(8080), 'http://sb.internal:8080'],
    // Before the server listens: the configured PORT.
    [{ host: 'localhost', port: 3000 }, null, 'http://localhost:3000'],
  ])('HOST/PORT %j listening at %j → %s', (configured, address, expected) => {
    expect(listeningBaseUrl(address, configured)).toBe(expected);
  });
});

describe('publicBaseUrlOf', () => {
  it('prefers PUBLIC_URL (without a trailing slash), else the listening address', () => {
    const listening = () => 'http://localhost:3000';
    expect(publicBaseUrlOf('https://sb.example.com/', listening)).toBe('https://sb.example.com');
    expect(publicBaseUrlOf(undefined, listening)).toBe('http://localhost:3000');
  });
});
