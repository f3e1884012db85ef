import { describe, expect, it } from 'vitest';
import { TICKAROO_CLIENT_ID, XALPS_DEFAULTS } from './customIds.ts';
import { canConfirmEmbed, draftReference, type EmbedDraft } from './confirm.ts';

const draft = (overrides: Partial<EmbedDraft>): EmbedDraft => ({ provider: 'youtube', text: '', parts: {}, ...overrides });

describe('Confirm of the service embed (spec 002 §5 media)', () => {
  it.each([
    [draft({ provider: '' }), false],
    [draft({ text: '   ' }), false],
    [draft({ text: 'not-an-id' }), true],
    [draft({ provider: 'platform-extension', parts: { lcmId: 'lcm-1', embedId: '' } }), false],
    [draft({ provider: 'platform-extension', parts: { lcmId: 'lcm-1', embedId: 'quiz' } }), true],
    [draft({ provider: 'tickaroo', parts: { clientId: TICKAROO_CLIENT_ID, liveblogId: '65a1f0c2e4b0a1b2c3d4e5f6', themeId: '' } }), false],
    [draft({ provider: 'wrc-erc-results', parts: { competition: 'wrc', idSas: '12' } }), true],
    [draft({ provider: 'xalps', parts: { ...XALPS_DEFAULTS, initialTeams: '', initialTopx: '' } }), true],
    [draft({ provider: 'xalps', parts: { ...XALPS_DEFAULTS, mainMapView: '' } }), false],
    [draft({ provider: 'zoe' }), false],
    [draft({ provider: 'zoe', zoeLocalizationId: '65a1f0c2e4b0a1b2c3d4e5f6' }), true],
    [draft({ provider: 'rbmn-audio', text: 'MI-0002' }), true],
  ])('%j → %s', (value, expected) => {
    expect(canConfirmEmbed(value)).toBe(expected);
  });

  it('asks the lookup for the trimmed id, the id of a pasted link, or the composed id', () => {
    expect(draftReference(draft({ text: '  https://youtu.be/dQw4w9WgXcQ ' }))).toEqual({ referenceId: 'dQw4w9WgXcQ' });
    expect(draftReference(draft({ text: ' nonsense ' }))).toEqual({ referenceId: 'nonsense', subtype: undefined });
    expect(draftReference(draft({ provider: 'spotify', text: '4aawyAB9vmqN3uQ7FjRGTy', subtype: 'show' }))).toEqual({ referenceId: '4aawyAB9vmqN3uQ7FjRGTy', subtype: 'show' });
    expect(draftReference(draft({ provider: 'wrc-erc-results', parts: { competition: 'wrc', idSas: ' 12 ' } }))).toEqual({ referenceId: 'competition=wrc&idSas=12' });
    expect(draftReference(draft({ provider: 'zoe', zoeLocalizationId: '65a1f0c2e4b0a1b2c3d4e5f6' }))).toEqual({ referenceId: '65a1f0c2e4b0a1b2c3d4e5f6' });
  });
});
