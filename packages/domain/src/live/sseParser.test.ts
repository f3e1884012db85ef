import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseParser, sseFrame } from './sseParser.ts';

const events = fc.array(
  fc.record({ name: fc.constantFrom('hello', 'presence', 'asset'), data: fc.jsonValue(), id: fc.option(fc.nat(), { nil: undefined }) }),
  { maxLength: 8 },
);

describe('the live stream parser', () => {
  it('reads back the framed events however the stream is cut into chunks', () => {
    fc.assert(
      fc.property(events, fc.array(fc.nat(), { maxLength: 10 }), (sent, cuts) => {
        const text = `retry: 2000\n\n${sent.map((event) => sseFrame(event) + ': keep-alive\n\n').join('')}`;
        const positions = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].toSorted((a, b) => a - b);
        const parse = createSseParser();
        const read = [0, ...positions].flatMap((start, index) => parse(text.slice(start, [...positions, text.length][index])));
        expect(read).toEqual(sent.map((event) => ({ ...(event.id === undefined ? {} : { id: event.id }), name: event.name, data: JSON.parse(JSON.stringify(event.data)) as unknown })));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps an event whose end has not come yet', () => {
    const parse = createSseParser();
    expect(parse('event: asset\ndata: {"a":')).toEqual([]);
    expect(parse('1}\n\n')).toEqual([{ name: 'asset', data: { a: 1 } }]);
  });
});
