import {
  EVENT_RECORDS_PATH,
  MASTER_DATA_RECORDS_PATH,
  TAG_RECORDS_PATH,
  ZOE_RECORDS_PATH,
  masterDataStencilOf,
  referenceDataItemMethods,
  type EventRecord,
  type MasterDataRecord,
  type TagRecord,
  type Rights,
  type ZoeRecord,
} from '@editor/domain';
import type { MasterDataRecordTable } from '../../db/schema.ts';
import type { ZoeLocalizationRow } from '../embeds/zoeRepository.ts';
import { presentZoeLocalization } from '../embeds/zoeLocalizations.ts';
import type { EventRow } from '../events/repository.ts';
import { presentEvent } from '../events/presenter.ts';
import { resourceOf } from '../tag-feed/presenter.ts';
import type { TagResourceRow } from '../tag-feed/repository.ts';
import { masterDataInputOf } from './masterDataService.ts';

export const eventRecordHref = (row: Pick<EventRow, 'id'>) => `${EVENT_RECORDS_PATH}/${encodeURIComponent(row.id)}`;
export const masterDataHref = (row: Pick<MasterDataRecordTable, 'domain' | 'model' | 'master_id'>) =>
  `${MASTER_DATA_RECORDS_PATH}/${row.domain}/${row.model}/${encodeURIComponent(row.master_id)}`;
export const zoeHref = (row: Pick<ZoeLocalizationRow, 'id'>) => `${ZOE_RECORDS_PATH}/${row.id}`;
export const tagHref = (row: Pick<TagResourceRow, 'origin' | 'foreign_id'>) => `${TAG_RECORDS_PATH}/${row.origin}/${encodeURIComponent(row.foreign_id)}`;

/** A stored event as its writers read it: the events calls' shape, its external id and its link. */
export function presentEventRecord(row: EventRow, rights: Pick<Rights, 'roles'>): EventRecord {
  return { ...presentEvent(row), externalId: row.external_id, _links: { self: { href: eventRecordHref(row), methods: referenceDataItemMethods(rights) } } };
}

/** A master-data record with its stencil, its link, and the import call that makes its asset (spec 002 §7). */
export function presentMasterDataRecord(row: MasterDataRecordTable, rights: Pick<Rights, 'roles'>): MasterDataRecord {
  const input = masterDataInputOf(row);
  return {
    domain: row.domain,
    model: row.model,
    masterId: row.master_id,
    program: row.program,
    locale: row.locale,
    space: row.space,
    title: row.title,
    content: input.content,
    stencil: masterDataStencilOf(row.domain, row.model) ?? '',
    updatedAt: row.updated_at,
    _links: {
      self: { href: masterDataHref(row), methods: referenceDataItemMethods(rights) },
      import: { href: `/api/v1/import/${row.domain}/${row.model}/${encodeURIComponent(row.master_id)}`, methods: ['GET'] },
    },
  };
}

export function presentZoeRecord(row: ZoeLocalizationRow, rights: Pick<Rights, 'roles'>): ZoeRecord {
  return { ...presentZoeLocalization(row), _links: { self: { href: zoeHref(row), methods: referenceDataItemMethods(rights) } } };
}

/** A stored tag as the tag feed answers it (spec 001 §3), with its link. */
export function presentTagRecord(row: TagResourceRow, rights: Pick<Rights, 'roles'>): TagRecord {
  return { ...resourceOf(row), _links: { self: { href: tagHref(row), methods: referenceDataItemMethods(rights) } } };
}
