import { isRecord, type AssetVersion } from '@editor/domain';

/** What a Meta row shows when the asset has no value for it. */
export const NO_VALUE = '—';

/** A string at a path of a loosely typed part of the answer (fields our server may leave out), or undefined. */
function stringAt(value: unknown, ...path: string[]): string | undefined {
  let current = value;
  for (const segment of path) current = isRecord(current) ? current[segment] : undefined;
  return typeof current === 'string' && current !== '' ? current : undefined;
}

/** The ids of the systems an asset came from (spec 002 §3 "Other ids", asset meta). */
export function externalIds(asset: AssetVersion) {
  const about = asset._embedded.about._meta;
  const program = stringAt(about, 'musicImport', 'program');
  const masterDataId = stringAt(about, 'musicImport', 'masterDataId');
  const reference = about.externalReference;
  const isContentHub = reference !== null && reference.origin.toLowerCase().replaceAll(/[^a-z]/g, '') === 'contenthub';
  return {
    // Every music import is a MEPP master-data import; the rbu program's master-data id is the RBU id.
    meppId: masterDataId,
    meppProgram: program,
    rbuId: program === 'rbu' ? masterDataId : undefined,
    // Recorded by the imports on the version they create (spec 002 §3 asset meta).
    rb2AssetId: asset._meta.migration?.rb2assetId || undefined,
    contentHubId: isContentHub ? reference.foreignId : undefined,
    firstImported: asset._meta.crepoImport?.createdDate,
    lastImported: asset._meta.crepoImport?.updatedDate,
  };
}

/** The users who saved the version, each once, in the order of their first save; undefined without a loaded history. */
export function editorsOf(asset: AssetVersion): string[] | undefined {
  const { history } = asset._meta;
  if (!history || history.length === 0) return undefined;
  return [...new Set(history.toSorted((a, b) => a.version - b.version).map((entry) => entry.user))];
}
