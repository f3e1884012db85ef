import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERENCE_ID_MAX_LENGTH, referenceIdProblem } from './referenceId.ts';

describe('referenceIdProblem (spec 000 §3 media value, 002 §3 reference value)', () => {
  it.each([
    ['an image id', 'mostar-bridge-3f9a1c'],
    ['an archive item id', '7c1f3a52-0001-4b8e-9a10-5d0a1e000006'],
    ['a YouTube id', 'dQw4w9WgXcQ'],
    ['a Facebook id with slashes', 'redbull/posts/10161234567'],
    ['a SoundCloud playlist id', 'redbull/sets/best-of.2026'],
    ['a composed Tickaroo id', 'clientId=5e1f&liveblogId=65a1f0c2e4b0a1b2c3d4e5f6&themeId=RBCOM'],
    ['a composed XAlps id with encoded characters', 'raceType=xalps&initialRaceTimeDate=2026-06-16T04%3A00%3A00.000Z&initialTeams=AUT1%2CSUI2'],
    ['an id at the length limit', 'a'.repeat(REFERENCE_ID_MAX_LENGTH)],
    ['a dot inside a segment', 'file.name..v2'],
  ])('accepts %s', (_name, id) => {
    expect(referenceIdProblem(id)).toBeUndefined();
  });

  it.each([
    ['a path that climbs', '../../etc/passwd'],
    ['a single ..', '..'],
    ['a . segment', 'a/./b'],
    ['a .. segment in the middle', 'redbull/../admin'],
    ['an absolute path', '/etc/passwd'],
    ['a doubled slash', 'a//b'],
    ['a trailing slash', 'redbull/'],
    ['a backslash path', '..\\..\\windows\\win.ini'],
    ['an encoded dot', '%2e%2e/secret'],
    ['an encoded dot in capitals', '%2E%2E%2Fsecret'],
    ['an encoded slash', 'a%2fb'],
    ['an encoded backslash', 'a%5Cb'],
    ['a NUL byte', 'image\u0000.jpg'],
    ['a newline', 'image\nname'],
    ['markup', '"><script>alert(1)</script>'],
    ['spaces around it', ' dQw4w9WgXcQ '],
    ['nothing but a space', ' '],
    ['an id over the length limit', 'a'.repeat(REFERENCE_ID_MAX_LENGTH + 1)],
  ])('refuses %s', (_name, id) => {
    expect(referenceIdProblem(id)).toEqual(expect.any(String));
  });

  it('never accepts an id a path or URL resolver would read as leaving its folder', () => {
    const pieces = fc.constantFrom('..', '.', '/', '\\', '%2e', '%2E', '%2f', '%5c', 'a', 'b1', '-', '_', '=', '&', '%20', '\u0000', ' ');
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 1, maxLength: 10 }), (parts) => {
        const id = parts.join('');
        if (referenceIdProblem(id) !== undefined) return;
        // Resolved under a folder as a URL parser resolves it, the id stays inside the folder and names something in it.
        const resolved = new URL(id, 'https://images.example/store/').pathname;
        expect(resolved.startsWith('/store/'), id).toBe(true);
        expect(resolved.length > '/store/'.length, id).toBe(true);
        expect(id.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'), id).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
