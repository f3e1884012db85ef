import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTimestamp, contextString, isSignatureOf, parseContext, signParams } from './uploadSignature.ts';

describe("Cloudinary's upload signature", () => {
  it("gives the digest of Cloudinary's documented example", () => {
    const params = { eager: 'w_400,h_300,c_pad|w_260,h_200,c_crop', public_id: 'sample_image', timestamp: '1315060510' };
    expect(signParams(params, 'abcd')).toBe('bfd09f95f331f558cbd1320e67aa8d488770583e');
  });

  it('leaves out file, cloud_name, resource_type, api_key and the signature, and ignores the order of the fields', () => {
    const signed = signParams({ timestamp: '1700000000', folder: 'rbcom' }, 'secret');
    expect(signParams({ folder: 'rbcom', api_key: 'local', cloud_name: 'local', resource_type: 'image', file: 'x', timestamp: '1700000000', signature: 'zzz' }, 'secret')).toBe(signed);
  });

  it('accepts its own signature and refuses one over changed fields or another secret', () => {
    const fields = { timestamp: '1700000000', folder: 'rbcom', context: 'space=rbcom' };
    const signature = signParams(fields, 'secret');
    expect(isSignatureOf({ ...fields, signature }, 'secret')).toBe(true);
    expect(isSignatureOf({ ...fields, folder: 'rbtv', signature }, 'secret')).toBe(false);
    expect(isSignatureOf({ ...fields, signature }, 'other')).toBe(false);
    expect(isSignatureOf({ ...fields, signature: signature.slice(1) }, 'secret')).toBe(false);
    expect(isSignatureOf(fields, 'secret')).toBe(false);
  });

  it.each([
    ['1700000000', 'valid'],
    [String(1700000000 - 3600), 'valid'],
    [String(1700000000 - 3601), 'stale'],
    [String(1700000000 + 60), 'valid'],
    [String(1700000000 + 61), 'future'],
    ['soon', 'missing'],
    [undefined, 'missing'],
  ] as const)('timestamp %s is %s', (timestamp, expected) => {
    expect(checkTimestamp(timestamp, 1700000000)).toBe(expected);
  });
});

describe('the context string', () => {
  it("writes Cloudinary's key=value|key=value form, escaping = and |", () => {
    expect(contextString({ space: 'rbcom', alt: 'a=b|c' })).toBe('space=rbcom|alt=a\\=b\\|c');
  });

  it('reads back what it wrote, whatever the keys and values', () => {
    const key = fc.string({ minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.dictionary(key, fc.string({ maxLength: 20 })), (entries) => {
        expect(parseContext(contextString(entries))).toEqual(entries);
      }),
    );
  });
});
