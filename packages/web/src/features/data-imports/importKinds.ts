import { EVENT_RECORDS_PATH, MASTER_DATA_RECORDS_PATH, REFERENCE_IMPORT_FORMATS, TAG_RECORDS_PATH, ZOE_RECORDS_PATH, type ReferenceDataKind } from '@editor/domain';

/** What the import page says and calls for each kind of data. */
export interface ImportKind {
  kind: ReferenceDataKind;
  label: string;
  /** The collection whose `/import-preview` reads a file and whose `/upserts` writes its rows. */
  path: string;
  /** The file chooser's accepted endings. */
  accept: string;
  /** What a file of this kind holds, in a sentence. */
  hint: string;
}

const acceptOf = (kind: ReferenceDataKind) => REFERENCE_IMPORT_FORMATS[kind].map((format) => `.${format}`).join(',');

export const IMPORT_KINDS: readonly ImportKind[] = [
  {
    kind: 'events',
    label: 'Events',
    path: EVENT_RECORDS_PATH,
    accept: `${acceptOf('events')},text/calendar,text/csv`,
    hint: 'An iCalendar file (.ics) from a calendar, or a CSV file with the columns externalId, title, start, end and city (more are optional). Events are matched by their UID or externalId: a known one is updated, a new one added.',
  },
  {
    kind: 'master-data',
    label: 'Master data',
    path: MASTER_DATA_RECORDS_PATH,
    accept: `${acceptOf('master-data')},text/csv,application/json`,
    hint: 'A CSV file with the columns domain, model, masterId, space and title, and one column per content field (first-name, teaser…), or a JSON array of records. Records are matched by domain, model and master id.',
  },
  {
    kind: 'zoe-localizations',
    label: 'ZOE localizations',
    path: ZOE_RECORDS_PATH,
    accept: `${acceptOf('zoe-localizations')},text/csv,application/json`,
    hint: 'A CSV file with the columns id, title, engagement, slug, locale and fullscreenReady, or a JSON array of localizations. Localizations are matched by their ZOE id.',
  },
  {
    kind: 'tags',
    label: 'Tags and playground projects',
    path: TAG_RECORDS_PATH,
    accept: `${acceptOf('tags')},text/csv,application/json`,
    hint: 'A CSV file with the columns origin (meppconnect, mediaplanet or sap-business-warehouse), foreignId and title, optionally label, uriSlug, broaderOrigin and broaderForeignId, or a JSON array of tags. A playground project is a mediaplanet tag with a BP id under a broader tag that is not one; broader tags come first in the file. Tags are matched by origin and foreign id.',
  },
];
