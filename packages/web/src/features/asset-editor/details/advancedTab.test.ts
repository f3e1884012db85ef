import { describe, expect, it } from 'vitest';
import type { Link } from '@editor/domain';
import { buildAssetVersion } from '../../../test/assetVersionFixture.ts';
import { isAdvancedTabVisible } from './advancedTab.ts';

const asset = (changeSpaces: Link['methods'], setEmbargo: Link['methods']) => buildAssetVersion({ linkMethods: { 'p:changeSpaces': changeSpaces, 'p:setEmbargoDate': setEmbargo } });

describe('the Advanced tab is shown (spec 002 §2, §6)', () => {
  it.each([
    ['to a user who may change spaces', asset(['PUT'], []), false, false, true],
    ['to a user who may set embargo dates', asset([], ['POST']), false, false, true],
    ['to a taxonomy manager when the advanced area holds the livestream container', asset([], []), true, true, true],
    ['not to a taxonomy manager without that input', asset([], []), false, true, false],
    ['not to others for that input', asset([], []), true, false, false],
    ['not to a user with neither right', asset([], []), false, false, false],
    ['not for other methods of the links', asset(['GET'], ['GET']), false, false, false],
  ])('%s', (_case, version, hasAdvancedAreaInputs, isTaxonomyManager, expected) => {
    expect(isAdvancedTabVisible({ asset: version, hasAdvancedAreaInputs, isTaxonomyManager })).toBe(expected);
  });
});
