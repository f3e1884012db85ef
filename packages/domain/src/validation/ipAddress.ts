/**
 * IP address literals as a browser reads them in a URL host (WHATWG URL host parser), so that every spelling of
 * one address is recognised: 2130706433, 0x7f000001, 0177.0.0.1, 127.1 and 127.0.0.1 are all 127.0.0.1.
 */

const DECIMAL = /^[0-9]+$/;
const OCTAL = /^[0-7]+$/;
const HEX = /^[0-9a-f]+$/i;

function parseIPv4Part(part: string): number | undefined {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
  }
  if (digits === '') return part === '' ? undefined : 0;
  const pattern = radix === 16 ? HEX : radix === 8 ? OCTAL : DECIMAL;
  if (!pattern.test(digits)) return undefined;
  return Number.parseInt(digits, radix);
}

/**
 * Spec 000 §5 (private-address check): an IPv4 host in any form the URL standard accepts (one to four parts, each
 * decimal, 0x-hex or 0-octal; the last part fills the remaining bytes), as a 32-bit number; undefined for a name.
 */
export function parseIPv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const number = parseIPv4Part(part);
    if (number === undefined) return undefined;
    numbers.push(number);
  }
  const last = numbers.pop();
  if (last === undefined || numbers.some((number) => number > 255)) return undefined;
  if (last >= 256 ** (4 - numbers.length)) return undefined;
  return numbers.reduce((address, number, index) => address + number * 256 ** (3 - index), last);
}

/** Four dotted decimal parts, as they may end an IPv6 address (::ffff:127.0.0.1). */
function parseDottedQuad(text: string): [number, number] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^[0-9]{1,3}$/.test(part)) return undefined;
    const byte = Number.parseInt(part, 10);
    if (byte > 255) return undefined;
    bytes.push(byte);
  }
  const [a = 0, b = 0, c = 0, d = 0] = bytes;
  return [a * 256 + b, c * 256 + d];
}

function parseGroups(text: string, mayEndInIPv4: boolean): number[] | undefined {
  if (text === '') return [];
  const pieces = text.split(':');
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (mayEndInIPv4 && index === pieces.length - 1 && piece.includes('.')) {
      const quad = parseDottedQuad(piece);
      if (!quad) return undefined;
      groups.push(...quad);
    } else {
      if (!/^[0-9a-f]{1,4}$/i.test(piece)) return undefined;
      groups.push(Number.parseInt(piece, 16));
    }
  }
  return groups;
}

/**
 * Spec 000 §5 (private-address check): an IPv6 address, with or without brackets and zone, as its eight 16-bit
 * groups; '::' compression and a trailing dotted IPv4 part are understood. Undefined when it is not one.
 */
export function parseIPv6(host: string): number[] | undefined {
  let text = host;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const [head = '', tail] = halves;
  if (tail === undefined) {
    const groups = parseGroups(head, true);
    return groups?.length === 8 ? groups : undefined;
  }
  const before = parseGroups(head, false);
  const after = parseGroups(tail, true);
  if (!before || !after || before.length + after.length > 7) return undefined;
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * Networks that are not the public internet (RFC 6890): this network, private, shared (carrier-grade NAT),
 * loopback, link-local, IETF protocol assignments, documentation, benchmarking, and multicast, reserved and broadcast.
 */
export const NON_PUBLIC_IPV4_NETWORKS: readonly (readonly [network: string, prefixLength: number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
];

const NETWORKS = NON_PUBLIC_IPV4_NETWORKS.map(([network, prefixLength]) => ({
  block: 2 ** (32 - prefixLength),
  base: parseIPv4(network) ?? 0,
}));

/** Spec 000 §5: whether a 32-bit IPv4 address lies in a network that is not the public internet. */
export function isPrivateIPv4(address: number): boolean {
  return NETWORKS.some(({ block, base }) => Math.floor(address / block) === Math.floor(base / block));
}

/**
 * Spec 000 §5: whether an IPv6 address (eight groups) is not public: unspecified ::, loopback ::1, unique local
 * fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8, local-use NAT64 64:ff9b:1::/48,
 * discard-only 100::/64, documentation 2001:db8::/32, or an address that embeds a non-public IPv4 address
 * (mapped ::ffff:0:0/96, compatible ::/96, translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16).
 */
export function isPrivateIPv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0 || (g0 & 0xff00) === 0xff00) {
    return true;
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true;
  if ((g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) || (g0 === 0x2001 && g1 === 0xdb8)) return true;
  const lastIPv4 = g6 * 65536 + g7;
  if (zeroUpTo(5) && (g5 === 0xffff || g5 === 0)) return isPrivateIPv4(lastIPv4);
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) return isPrivateIPv4(lastIPv4);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPrivateIPv4(lastIPv4);
  if (g0 === 0x2002) return isPrivateIPv4(g1 * 65536 + g2);
  return false;
}
