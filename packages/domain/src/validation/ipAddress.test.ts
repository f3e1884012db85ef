import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPrivateIPv4, isPrivateIPv6, parseIPv4, parseIPv6 } from './ipAddress.ts';

describe('parseIPv4 (WHATWG URL host forms)', () => {
  it.each([
    ['127.0.0.1', 0x7f000001],
    ['127.1', 0x7f000001],
    ['127.0.1', 0x7f000001],
    ['2130706433', 0x7f000001],
    ['0x7f000001', 0x7f000001],
    ['0X7F000001', 0x7f000001],
    ['0x7f.0.0.1', 0x7f000001],
    ['0177.0.0.1', 0x7f000001],
    ['017700000001', 0x7f000001],
    ['0x7f.1', 0x7f000001],
    ['127.0.0.1.', 0x7f000001],
    ['0', 0],
    ['0x', 0],
    ['00', 0],
    ['1.2.65535', 0x0102ffff],
    ['1.16777215', 0x01ffffff],
    ['4294967295', 0xffffffff],
    ['4294967296', undefined],
    ['256.0.0.1', undefined],
    ['1.2.3.256', undefined],
    ['1.2.65536', undefined],
    ['1.2.3.4.5', undefined],
    ['1..2', undefined],
    ['', undefined],
    ['.', undefined],
    ['08', undefined],
    ['0x1g', undefined],
    ['example.com', undefined],
    ['1.2.3.a', undefined],
    ['9'.repeat(400), undefined],
  ])('reads %s as %s', (host, expected) => {
    expect(parseIPv4(host)).toBe(expected);
  });
});

describe('parseIPv6', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['[::1]', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['1::8', [1, 0, 0, 0, 0, 0, 0, 8]],
    ['1:2:3:4:5:6:7::', [1, 2, 3, 4, 5, 6, 7, 0]],
    ['FE80::1', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
    ['fe80::1%eth0', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
    ['::ffff:1.2.3.4', [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]],
    ['::ffff:7f00:1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['1:2:3:4:5:6:1.2.3.4', [1, 2, 3, 4, 5, 6, 0x0102, 0x0304]],
    ['1:2:3:4:5:6:7:8:9', undefined],
    ['1:2:3:4:5:1.2.3.4', undefined],
    ['1::2::3', undefined],
    [':::', undefined],
    [':1:2:3:4:5:6:7', undefined],
    ['12345::', undefined],
    ['g::', undefined],
    ['::1.2.3', undefined],
    ['::256.0.0.1', undefined],
    ['1.2.3.4::', undefined],
    ['', undefined],
    ['example.com', undefined],
  ])('reads %s as %j', (host, expected) => {
    expect(parseIPv6(host)).toEqual(expected);
  });
});

describe('non-public networks (spec 000 §5 private-address check)', () => {
  it.each([
    ['0.0.0.0', true],
    ['0.255.255.255', true],
    ['10.0.0.0', true],
    ['10.255.255.255', true],
    ['100.64.0.0', true],
    ['100.127.255.255', true],
    ['127.0.0.1', true],
    ['127.255.255.255', true],
    ['169.254.169.254', true],
    ['172.16.0.0', true],
    ['172.31.255.255', true],
    ['192.0.0.8', true],
    ['192.168.0.1', true],
    ['198.18.0.1', true],
    ['198.19.255.255', true],
    ['224.0.0.1', true],
    ['239.255.255.250', true],
    ['240.0.0.1', true],
    ['255.255.255.255', true],
    ['192.0.2.1', true],
    ['198.51.100.255', true],
    ['203.0.113.7', true],
    ['192.0.3.0', false],
    ['198.51.101.0', false],
    ['203.0.112.255', false],
    ['1.0.0.0', false],
    ['8.8.8.8', false],
    ['9.255.255.255', false],
    ['11.0.0.0', false],
    ['100.63.255.255', false],
    ['100.128.0.0', false],
    ['126.255.255.255', false],
    ['128.0.0.0', false],
    ['169.253.255.255', false],
    ['169.255.0.0', false],
    ['172.15.255.255', false],
    ['172.32.0.0', false],
    ['192.0.1.0', false],
    ['192.167.255.255', false],
    ['192.169.0.0', false],
    ['198.17.255.255', false],
    ['198.20.0.0', false],
    ['223.255.255.255', false],
  ])('IPv4 %s is not public: %s', (address, expected) => {
    expect(isPrivateIPv4(parseIPv4(address) ?? Number.NaN)).toBe(expected);
  });

  it.each([
    ['::', true],
    ['::1', true],
    ['fc00::1', true],
    ['fdff:ffff::1', true],
    ['fe80::1', true],
    ['febf::1', true],
    ['fec0::1', true],
    ['ff02::1', true],
    ['64:ff9b:1::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a00:1', true],
    ['::ffff:c0a8:101', true],
    ['::127.0.0.1', true],
    ['::7f00:1', true],
    ['::ffff:0:127.0.0.1', true],
    ['64:ff9b::7f00:1', true],
    ['64:ff9b::10.0.0.1', true],
    ['2002:7f00:1::', true],
    ['2002:c0a8:101::1', true],
    ['100::1', true],
    ['2001:db8::1', true],
    ['2001:db8:ffff::1', true],
    ['100:0:0:1::', false],
    ['2001:db9::1', false],
    ['::ffff:8.8.8.8', false],
    ['::8.8.8.8', false],
    ['64:ff9b::8.8.8.8', false],
    ['2002:808:808::', false],
    ['2001:4860:4860::8888', false],
    ['2606:4700:4700::1111', false],
    ['fb00::1', false],
    ['fe00::1', false],
  ])('IPv6 %s is not public: %s', (address, expected) => {
    const groups = parseIPv6(address);
    expect(groups).toBeDefined();
    expect(isPrivateIPv6(groups ?? [])).toBe(expected);
  });

  it('classifies every spelling of an IPv4 address alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (address) => {
        const bytes = [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256);
        const spellings = [
          String(address),
          `0x${address.toString(16)}`,
          `0${address.toString(8)}`,
          bytes.join('.'),
          bytes.map((byte) => `0x${byte.toString(16)}`).join('.'),
          bytes.map((byte) => `0${byte.toString(8)}`).join('.'),
          `${bytes[0]}.${bytes[1]}.${address % 65536}`,
          `${bytes[0]}.${address % 2 ** 24}`,
        ];
        for (const spelling of spellings) expect(parseIPv4(spelling)).toBe(address);
      }),
    );
  });
});
