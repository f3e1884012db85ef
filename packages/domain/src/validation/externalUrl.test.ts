import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRIVATE_NAME_SUFFIXES, checkExternalUrl, isPrivateHost } from './externalUrl.ts';

const EMPTY = { code: 1, message: 'Please enter an URL!' };
const SCHEME = { code: 2, message: 'Please begin external links with "http://" or "https://"!' };
const INVALID = { code: 3, message: 'Please enter a valid URL!' };

/** The private networks spec 000 §5 names, written out here independently of the implementation. */
const PRIVATE_NETWORKS: readonly (readonly [base: number, prefixLength: number])[] = [
  [0x00000000, 8], // 0.0.0.0/8
  [0x0a000000, 8], // 10.0.0.0/8
  [0x64400000, 10], // 100.64.0.0/10
  [0x7f000000, 8], // 127.0.0.0/8
  [0xa9fe0000, 16], // 169.254.0.0/16
  [0xac100000, 12], // 172.16.0.0/12
  [0xc0a80000, 16], // 192.168.0.0/16
];

const privateIPv4 = fc
  .constantFrom(...PRIVATE_NETWORKS)
  .chain(([base, prefixLength]) => fc.integer({ min: base, max: base + 2 ** (32 - prefixLength) - 1 }));

const hex = (n: number) => n.toString(16);

function spellings(address: number): string[] {
  const bytes = [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256);
  const dotted = bytes.join('.');
  return [
    String(address),
    `0x${hex(address)}`,
    `0x${hex(address).padStart(8, '0')}`,
    `0${address.toString(8)}`,
    dotted,
    `${dotted}.`,
    bytes.map((byte) => `0x${hex(byte)}`).join('.'),
    bytes.map((byte) => `0${byte.toString(8)}`).join('.'),
    `${bytes[0]}.${bytes[1]}.${address % 65536}`,
    `${bytes[0]}.${address % 2 ** 24}`,
    `[::ffff:${dotted}]`,
    `[::ffff:${hex(Math.floor(address / 65536))}:${hex(address % 65536)}]`,
    `::ffff:${dotted}`,
    `[::${dotted}]`,
    `[0:0:0:0:0:ffff:${dotted}]`,
  ];
}

describe('isPrivateHost (spec 000 §5)', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    'foo.localhost',
    'a.b.localhost.',
    'localhost:3000',
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0',
    '0.1.2.3',
    '2130706433',
    '0x7f000001',
    '0x7f.0.0.1',
    '0177.0.0.1',
    '127.1',
    '127.0.1',
    '10.1',
    '127.0.0.1.',
    '127.0.0.1:8080',
    '%31%32%37.0.0.1',
    ' 127.0.0.1 ',
    '::1',
    '[::1]',
    '[::1]:8080',
    '::',
    '[::]',
    '0:0:0:0:0:0:0:1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf:ffff::1',
    '::ffff:127.0.0.1',
    '[::ffff:127.0.0.1]',
    '::ffff:7f00:1',
    '[::ffff:7f00:1]',
    '[::ffff:a00:1]',
    '::127.0.0.1',
    '[::7f00:1]',
    '[64:ff9b::7f00:1]',
  ])('catches %s', (host) => {
    expect(isPrivateHost(host)).toBe(true);
  });

  it.each([
    'example.com',
    'localhost.example.com',
    'mylocalhost.com',
    'localhostx.com',
    'internal.example.com',
    'local.example.com',
    'corp.example.com',
    'example.localnet',
    'example.internals',
    '127.example.com',
    '8.8.8.8',
    '172.32.0.1',
    '1.2.3.4.5',
    '08.0.0.1',
    '0x7g.0.0.1',
    '2001:4860:4860::8888',
    '[2606:4700:4700::1111]',
    '::ffff:8.8.8.8',
    '',
  ])('lets %s pass', (host) => {
    expect(isPrivateHost(host)).toBe(false);
  });

  it.each([
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://10.1/',
    'http://0x7f.0.0.1/',
    'http://%31%32%37.0.0.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::127.0.0.1]/',
    'http://[::ffff:192.168.0.1]/',
    'http://LocalHost./',
  ])('catches the host the URL parser rewrites %s into', (url) => {
    expect(isPrivateHost(new URL(url).hostname)).toBe(true);
  });

  it('catches every address of a private network in every spelling', () => {
    fc.assert(
      fc.property(privateIPv4, (address) => {
        const missed = spellings(address).filter(
          (spelling) =>
            !isPrivateHost(spelling) ||
            checkExternalUrl(`http://${spelling}/`)?.code !== 3 ||
            checkExternalUrl(`https://user@${spelling}:8080/path`)?.code !== 3,
        );
        expect(missed).toEqual([]);
      }),
    );
  });
});

describe('private names (spec 000 §5)', () => {
  it.each([
    // [host, private?, why]
    ['localhost', true, 'localhost itself'],
    ['metadata.google.internal', true, 'cloud metadata under .internal'],
    ['METADATA.Google.Internal.', true, 'any case, root dot'],
    ['metadata.google.internal:80', true, 'with a port'],
    ['internal', true, 'the suffix alone'],
    ['printer.local', true, 'multicast DNS'],
    ['app.localhost', true, '.localhost'],
    ['db.localdomain', true, '.localdomain'],
    ['nas.home.arpa', true, 'home network'],
    ['router.home', true, '.home'],
    ['nas.lan', true, '.lan'],
    ['wiki.intranet', true, '.intranet'],
    ['git.corp', true, '.corp'],
    ['vault.private', true, '.private'],
    ['a.b.c.internal', true, 'deeper labels'],
    ['intranet', true, 'a single label'],
    ['metadata', true, 'a single label'],
    ['metadata.', true, 'a single label with a root dot'],
    ['%6d%65%74%61%64%61%74%61.google.internal', true, 'percent-encoded'],
    ['example.com', false, 'a public name'],
    ['internal.example.com', false, 'the suffix as a label of a public name'],
    ['example.internals', false, 'a longer top-level label'],
    ['example.arpa', false, 'another .arpa name'],
    ['home.arpa.example.com', false, 'home.arpa inside a public name'],
    ['mylocal', true, 'a single label'],
    ['my-local.com', false, 'a public name containing local'],
  ])('%s is private: %s (%s)', (host, expected) => {
    expect(isPrivateHost(host)).toBe(expected);
  });

  it.each([
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata.google.internal./',
    'https://printer.local/',
    'https://nas.home.arpa/',
    'https://router.lan:8443/',
    'https://wiki.intranet/',
    'https://git.corp/',
    'https://vault.private/',
    'https://db.localdomain/',
    'https://router.home/',
    'https://ＭＥＴＡＤＡＴＡ.google.ｉｎｔｅｒｎａｌ/',
  ])('refuses the private name in %s with code 3', (url) => {
    expect(checkExternalUrl(url)).toEqual(INVALID);
  });

  it('finds every private suffix under any public-looking name', () => {
    fc.assert(
      fc.property(fc.domain(), fc.constantFrom(...PRIVATE_NAME_SUFFIXES), (domain, suffix) => {
        expect(isPrivateHost(`${domain}.${suffix}`)).toBe(true);
        expect(checkExternalUrl(`https://${domain}.${suffix}/`)).toEqual(INVALID);
      }),
    );
  });
});

describe('checkExternalUrl (spec 000 §5)', () => {
  it.each([
    ['empty', ''],
    ['only whitespace', '   '],
  ])('answers code 1 when %s', (_name, url) => {
    expect(checkExternalUrl(url)).toEqual(EMPTY);
  });

  it.each([
    'example.com',
    'www.example.com/path',
    'ftp://example.com',
    '//example.com',
    'http:/example.com',
    'http:example.com',
    'mailto:someone@example.com',
    'javascript:alert(1)',
    'httpx://example.com',
    'htp://example.com',
  ])('answers code 2 for %s', (url) => {
    expect(checkExternalUrl(url)).toEqual(SCHEME);
  });

  it.each([
    ['no host', 'http://'],
    ['no host (https)', 'https://'],
    ['a space in the host', 'http://exa mple.com'],
    ['an unclosed IPv6 bracket', 'http://[::1/'],
    ['five IPv4 parts', 'http://1.2.3.4.5/'],
    ['a bad octal part', 'http://08.0.0.1/'],
    ['a bare name', 'http://intranet/'],
    ['a name without a top-level domain', 'https://example'],
    ['a numeric top-level domain', 'http://example.123/'],
    ['a forbidden character', 'http://exa!mple.com/'],
    ['a label starting with a hyphen', 'http://-example.com/'],
    ['an empty label', 'http://.com/'],
    ['credentials', 'https://user:secret@example.com/'],
    ['a user name', 'https://user@example.com/'],
    ['credentials hiding a private host', 'http://example.com@127.0.0.1/'],
    ['localhost', 'http://localhost/'],
    ['localhost with a port', 'http://localhost:3000/x'],
    ['localhost with a root dot', 'http://LOCALHOST./'],
    ['a .localhost name', 'http://app.localhost/'],
    ['loopback', 'http://127.0.0.1/'],
    ['a short loopback', 'http://127.1/'],
    ['a decimal loopback', 'http://2130706433/'],
    ['a hex loopback', 'http://0x7f000001/'],
    ['a hex-dotted loopback', 'http://0x7f.0.0.1/'],
    ['an octal loopback', 'http://0177.0.0.1/'],
    ['a short private address', 'http://10.1/'],
    ['this network', 'http://0.0.0.0:8080/'],
    ['zero', 'http://0/'],
    ['a percent-encoded loopback', 'http://%31%32%37.0.0.1/'],
    ['a cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a carrier-grade NAT address', 'http://100.64.0.1/'],
    ['a 172.16/12 address', 'http://172.16.0.1/'],
    ['a 192.168/16 address', 'https://192.168.0.1/admin'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unspecified', 'http://[::]/'],
    ['IPv6 unique local', 'http://[fc00::1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped loopback in hex', 'http://[::ffff:7f00:1]/'],
    ['IPv4-compatible loopback', 'http://[::127.0.0.1]/'],
  ])('answers code 3 for %s', (_name, url) => {
    expect(checkExternalUrl(url)).toEqual(INVALID);
  });

  it.each([
    'https://example.com',
    'http://example.com/path?q=1&r=2#part',
    'HTTPS://Example.COM/',
    '  https://example.com  ',
    'https://sub.domain.co.uk:8443/a/b',
    'https://www.redbull.com/int-en/',
    'https://xn--bcher-kva.example/',
    'https://bücher.example/',
    'https://example.com./',
    'https://my_site.example.com/',
    'http://8.8.8.8/',
    'http://172.32.0.1/',
    'http://[2001:4860:4860::8888]/',
    'https://localhost.example.com/',
  ])('accepts %s', (url) => {
    expect(checkExternalUrl(url)).toBeUndefined();
  });

  it('accepts generated public web URLs', () => {
    fc.assert(
      fc.property(fc.domain(), fc.webPath(), (domain, path) => {
        fc.pre(!PRIVATE_NAME_SUFFIXES.some((suffix) => domain.endsWith(`.${suffix}`)) && /\.[a-z]{2,}$/.test(domain));
        expect(checkExternalUrl(`https://${domain}${path}`)).toBeUndefined();
      }),
    );
  });

  it('never throws and answers one of the three codes', () => {
    const arbitraryUrl = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'binary' }).map((rest) => `http://${rest}`),
      fc.string({ unit: fc.constantFrom(...'[]:.%@/\\0123456789abcdefx'.split('')) }).map((rest) => `https://${rest}`),
      fc.webUrl(),
    );
    fc.assert(
      fc.property(arbitraryUrl, (url) => {
        const result = checkExternalUrl(url);
        expect(result === undefined || [1, 2, 3].includes(result.code)).toBe(true);
      }),
    );
  });
});
