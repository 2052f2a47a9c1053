import { describe, expect, it } from 'vitest';
import { isPublicAddress, localHostProblem, localUrlProblem } from './local-address';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['104.18.4.1', true],
    ['2606:4700::6810:1', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // link-local: the cloud metadata service
    ['100.64.0.1', false], // carrier-grade NAT
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['[::1]', false],
    ['::', false],
    ['fe80::1', false], // IPv6 link-local
    ['fc00::1', false],
    ['fd12:3456::1', false], // unique local
    ['::ffff:127.0.0.1', false], // IPv4-mapped loopback
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['2002:7f00:1::1', false], // 6to4 carrying 127.0.0.1
    ['64:ff9b::7f00:1', false], // NAT64 carrying 127.0.0.1
    ['::7f00:1', false], // IPv4-compatible, outside 2000::/3
    ['4000::1', false], // unallocated
    ['2130706433', false], // 127.0.0.1 as one decimal number
    ['0x7f000001', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('localUrlProblem: what the platform would call, judged without resolving (decision 054)', () => {
  it.each([
    // Loopback, private and link-local literals, in every spelling a URL accepts.
    ['https://127.0.0.1/x', 'private-address'],
    ['https://2130706433/x', 'private-address'], // decimal
    ['https://0x7f000001/x', 'private-address'], // hex
    ['https://0x7f.1/x', 'private-address'],
    ['https://0177.0.0.1/x', 'private-address'], // octal
    ['https://017700000001/x', 'private-address'],
    ['https://127.1/x', 'private-address'],
    ['https://10.0.0.8/x', 'private-address'],
    ['https://192.168.1.20/x', 'private-address'],
    ['https://169.254.169.254/latest/meta-data', 'private-address'],
    ['https://100.64.0.1/x', 'private-address'],
    ['https://0.0.0.0/x', 'private-address'],
    ['https://[::1]/x', 'private-address'],
    ['https://[::]/x', 'private-address'],
    ['https://[::ffff:127.0.0.1]/x', 'private-address'], // IPv4-mapped
    ['https://[0:0:0:0:0:ffff:a00:1]/x', 'private-address'],
    ['https://[::127.0.0.1]/x', 'private-address'], // IPv4-compatible
    ['https://[fd00::1]/x', 'private-address'], // unique local
    ['https://[fe80::1]/x', 'private-address'], // link-local
    ['https://[64:ff9b::a00:1]/x', 'private-address'], // NAT64 of 10.0.0.1
    ['https://[2002:7f00:1::1]/x', 'private-address'], // 6to4 of 127.0.0.1
    // Local names.
    ['https://localhost/x', 'local-name'],
    ['https://LOCALHOST./x', 'local-name'],
    ['https://localhost.localdomain/x', 'local-name'],
    ['https://localhost.example.com/x', 'local-name'],
    ['https://api.localhost/x', 'local-name'],
    ['https://printer.local/x', 'local-name'],
    ['https://metadata.google.internal/x', 'local-name'],
    ['https://nas.home.arpa/x', 'local-name'],
    ['https://server.lan/x', 'local-name'],
    ['https://intranet/x', 'local-name'],
    ['https://app.lvh.me/x', 'local-name'],
    ['https://localtest.me/x', 'local-name'],
    // Names that embed a private address (nip.io, sslip.io and the like).
    ['https://127.0.0.1.nip.io/x', 'local-name'],
    ['https://app.10.0.0.1.sslip.io/x', 'local-name'],
    ['https://169.254.169.254.nip.io/x', 'local-name'],
    ['https://127-0-0-1.nip.io/x', 'local-name'],
    ['https://app-192-168-0-1.sslip.io/x', 'local-name'],
    ['https://7f000001.nip.io/x', 'local-name'],
    ['https://app-0a000001.nip.io/x', 'local-name'],
    ['https://--1.sslip.io/x', 'local-name'],
    ['https://fe80--1.sslip.io/x', 'local-name'],
    ['https://customer.10.0.0.1.traefik.me/x', 'local-name'],
    // Ports of other services.
    ['https://tools.example.com:5432/x', 'service-port'],
    ['https://tools.example.com:6379/x', 'service-port'],
    ['https://tools.example.com:22/x', 'service-port'],
    ['https://tools.example.com:80/x', 'service-port'],
    ['https://tools.example.com:27017/x', 'service-port'],
    // Public web servers.
    ['https://tools.example.com/x', undefined],
    ['https://tools.example.com:443/x', undefined],
    ['https://tools.example.com:8443/x', undefined],
    ['https://n8n.example.com:5678/webhook', undefined],
    ['https://8.8.8.8/x', undefined],
    ['https://[2606:4700::6810:1]/x', undefined],
    ['https://[::ffff:8.8.8.8]/x', undefined],
    ['https://1.2.3.4.nip.io/x', undefined], // embeds a public address
    ['https://api-deadbeef.example.com/x', undefined], // 222.173.190.239
    ['https://xn--bcher-kva.example/x', undefined],
    ['https://my-local-shop.example.com/x', undefined],
    ['https://local.example.com/x', undefined],
    ['https://2024.example.com/x', undefined],
  ])('%s → %s', (url, expected) => {
    expect(localUrlProblem(new URL(url))).toBe(expected);
  });

  it('leaves the port alone for our own webhook (any port)', () => {
    expect(localUrlProblem(new URL('https://sb.example.com:5432/x'), { ports: 'any' })).toBe(
      undefined,
    );
    expect(localUrlProblem(new URL('http://localhost:3000/x'), { ports: 'any' })).toBe(
      'local-name',
    );
  });

  it('judges a bare host name the same way', () => {
    expect(localHostProblem('127.0.0.1.nip.io')).toBe('local-name');
    expect(localHostProblem('storage.vapi.ai')).toBe(undefined);
  });
});
