import { describe, expect, it } from 'vitest';
import { fetchAllowed, type FetchAllowedOptions } from './fetchAllowed.ts';

const options = (url: string, overrides: Partial<FetchAllowedOptions> = {}): FetchAllowedOptions => ({
  url,
  allowedHosts: ['crepo.example.com', 'crepo.example.com:8443', '[::1]:8081'],
  headers: {},
  maxBytes: 1024,
  maxRedirects: 3,
  timeoutMs: 1000,
  resolve: async () => {
    throw new Error('no lookup expected');
  },
  ...overrides,
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught as { status: number; code: string; message: string },
  );
  return error && { status: error.status, code: error.code, message: error.message };
};

describe('fetching from an allow-listed host (spec 000 §5 private addresses, spec 002 §7)', () => {
  it('refuses hosts and ports off the list, and other schemes, before any lookup', async () => {
    for (const url of ['https://other.example.com/a', 'https://crepo.example.com:9000/a', 'http://[::1]:9000/a', 'ftp://crepo.example.com/a', 'not a url']) {
      expect(await refusal(fetchAllowed(options(url))), url).toMatchObject({ status: 400, code: 'import-url-refused' });
    }
  });

  it.each([[['10.0.0.7']], [['fd00::1']], [['93.184.216.34', '127.0.0.1']], [['::ffff:192.168.1.1']]])('refuses a listed name that resolves to %j', async (addresses) => {
    const result = await refusal(fetchAllowed(options('https://crepo.example.com/api/v1/assets/a/localizations/en', { resolve: async () => addresses })));
    expect(result).toMatchObject({ status: 400, code: 'import-url-refused', message: 'crepo.example.com resolves to a private address.' });
  });

  it('answers 502 when the name cannot be resolved', async () => {
    const result = await refusal(fetchAllowed(options('https://crepo.example.com:8443/a', { resolve: async () => [] })));
    expect(result).toMatchObject({ status: 502, code: 'import-source-failed' });
  });
});
