import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMBED_MESSAGES,
  TICKAROO_CLIENT_ID,
  XALPS_DEFAULTS,
  XALPS_TEAMS,
  competitionOfSpace,
  composeReferenceId,
  customPartsProblem,
  initialParts,
  parseComposedReferenceId,
} from './customIds.ts';

const LIVEBLOG = '65a1f0c2e4b0a1b2c3d4e5f6';

describe('custom providers (spec 002 §3, §5, §9)', () => {
  it.each([
    ['platform-extension', { lcmId: 'lcm-4711', embedId: 'quiz_2' }, null],
    ['platform-extension', { lcmId: '', embedId: 'quiz' }, 'LCM ID invalid'],
    ['platform-extension', { lcmId: 'lcm 4711', embedId: 'quiz' }, 'LCM ID invalid'],
    ['tickaroo', { clientId: TICKAROO_CLIENT_ID, liveblogId: LIVEBLOG, themeId: 'WRC' }, null],
    ['tickaroo', { clientId: TICKAROO_CLIENT_ID, liveblogId: 'abc', themeId: 'WRC' }, 'The id is invalid'],
    ['tickaroo', { clientId: TICKAROO_CLIENT_ID, liveblogId: LIVEBLOG, themeId: 'F1' }, 'The id is invalid'],
    ['tickaroo', { clientId: '000000000000000000000000', liveblogId: LIVEBLOG, themeId: 'ERC' }, 'The id is invalid'],
    ['wrc-erc-results', { competition: 'wrc', idSas: '1042' }, null],
    ['wrc-erc-results', { competition: 'erc', idSas: '12a' }, 'ID must be a number'],
    ['wrc-erc-results', { competition: '', idSas: '12' }, 'ID must be a number'],
    ['xalps', XALPS_DEFAULTS, null],
    ['xalps', { ...XALPS_DEFAULTS, initialTeams: 'AUT1,SUI2', initialRaceTimeDate: '2025-06-15T10:30:00Z', initialTopx: '' }, null],
    ['xalps', { ...XALPS_DEFAULTS, raceType: '' }, 'Embed ID invalid'],
    ['xalps', { ...XALPS_DEFAULTS, initialPlaySpeed: '3' }, 'Embed ID invalid'],
    ['xalps', { ...XALPS_DEFAULTS, initialTeams: 'GER3' }, 'Embed ID invalid'],
    ['xalps', { ...XALPS_DEFAULTS, initialRaceTimeDate: 'tomorrow' }, 'Embed ID invalid'],
  ])('%s with %j → %j', (provider, parts, problem) => {
    expect(customPartsProblem(provider, parts)).toBe(problem);
  });

  it('knows the 33 XAlps teams', () => {
    expect(XALPS_TEAMS).toHaveLength(33);
    expect(new Set(XALPS_TEAMS).size).toBe(33);
  });

  it('composes an id from its parts in order, leaving empty optional parts out', () => {
    expect(composeReferenceId('platform-extension', { embedId: ' quiz ', lcmId: 'lcm-1' })).toBe('lcmId=lcm-1&embedId=quiz');
    expect(composeReferenceId('xalps', XALPS_DEFAULTS)).toBe(
      'raceType=race&mainMapView=3D&initialPlaySpeed=1&initialTopx=5&initiallyCycleThroughAthletes=false&initiallyShowDashboard=true',
    );
    expect(composeReferenceId('xalps', { ...XALPS_DEFAULTS, initialTeams: 'AUT1,SUI2' })).toContain('initialTeams=AUT1%2CSUI2');
  });

  it.each([
    ['wrc', 'wrc'],
    ['wrcpromoter', 'wrc'],
    ['erc', 'erc'],
    ['rbcom', undefined],
  ])('the %s space sets the competition %s', (space, competition) => {
    expect(competitionOfSpace(space)).toBe(competition);
    expect(initialParts('wrc-erc-results', { space }).competition).toBe(competition ?? '');
  });

  it('starts Tickaroo with its fixed client id and XAlps with its defaults', () => {
    expect(initialParts('tickaroo', { space: 'rbcom' })).toEqual({ clientId: TICKAROO_CLIENT_ID, liveblogId: '', themeId: '' });
    expect(initialParts('xalps', { space: 'rbcom' })).toEqual(XALPS_DEFAULTS);
  });

  it('reads back the parts of every id it composes', () => {
    const xalps = fc.record({
      raceType: fc.constantFrom('race', 'prologue'),
      mainMapView: fc.constantFrom('2D', '3D'),
      initialRaceTimeDate: fc.constantFrom('', '2025-06-15T10:30:00Z'),
      initialPlaySpeed: fc.constantFrom('1', '2', '4', '8', '16', '32', '64'),
      initialTeams: fc.uniqueArray(fc.constantFrom(...XALPS_TEAMS), { maxLength: 5 }).map((teams) => teams.join(',')),
      initialTopx: fc.constantFrom('', '1', '5', '20'),
      initiallyCycleThroughAthletes: fc.constantFrom('true', 'false'),
      initiallyShowDashboard: fc.constantFrom('true', 'false'),
    });
    fc.assert(
      fc.property(xalps, (parts) => {
        expect(parseComposedReferenceId('xalps', composeReferenceId('xalps', parts))).toEqual(parts);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom('wrc', 'erc'), fc.integer({ min: 0, max: 999_999 }), (competition, id) => {
        const parts = { competition, idSas: String(id) };
        expect(parseComposedReferenceId('wrc-erc-results', composeReferenceId('wrc-erc-results', parts))).toEqual(parts);
      }),
    );
  });

  it('never reads parts out of text that is not a valid composed id', () => {
    fc.assert(
      fc.property(fc.constantFrom('platform-extension', 'tickaroo', 'wrc-erc-results', 'xalps'), fc.oneof(fc.string({ maxLength: 120 }), fc.stringMatching(/^competition=(wrc|erc|f1)&idSas=[0-9a]{1,4}$/)), (provider, text) => {
        const parts = parseComposedReferenceId(provider, text);
        fc.pre(parts !== null);
        expect(customPartsProblem(provider, parts ?? {})).toBeNull();
      }),
    );
    expect(parseComposedReferenceId('wrc-erc-results', 'competition=wrc&idSas=12&extra=1')).toBeNull();
    expect(parseComposedReferenceId('wrc-erc-results', 'idSas=12&competition=wrc')).toBeNull();
    expect(EMBED_MESSAGES.lookupFailed).toBe('Embed ID invalid');
  });
});
