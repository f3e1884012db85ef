// Who may call the reference-data routes (modules/reference-data): technical admins and service accounts only.
import crypto from 'node:crypto';
import { canManageReferenceData, type Rights } from '@editor/domain';
import { DEMO_SEED_EDITOR } from '../src/modules/reference-data/recordWriter.ts';
import { createEventRecordsService } from '../src/modules/reference-data/eventRecordsService.ts';
import { createMasterDataService } from '../src/modules/reference-data/masterDataService.ts';
import { createZoeService } from '../src/modules/reference-data/zoeService.ts';
import { STENCILS_DIR, loadStencils } from '../src/modules/stencils/loadStencils.ts';
import { createStencilRegistry } from '../src/modules/stencils/stencilRegistry.ts';
import type { RouteRight, World } from './routeRightsTable.ts';

const may = (rights: Rights) => canManageReferenceData(rights);
const stencils = createStencilRegistry(loadStencils(STENCILS_DIR));
const PATH = '/api/v1/reference-data';

export const eventItem = (externalId = `rights-${crypto.randomUUID()}`) => ({
  externalId,
  title: 'Rights Cup',
  start: '2026-09-01T10:00:00Z',
  end: '2026-09-01T18:00:00Z',
  timeZone: 'Europe/Vienna',
  spaces: ['rbcom'],
  location: { countryCode: 'AT', countryName: 'Austria', city: 'Salzburg', lat: 47.8, lng: 13.05 },
});
const masterDataItem = (masterId = `rights-${crypto.randomUUID()}`) => ({ domain: 'sports' as const, model: 'athlete', masterId, space: 'rbcom', title: 'Rita Rights' });
const zoeItem = (id = crypto.randomBytes(12).toString('hex')) => ({ id, title: 'Rights quiz', engagement: 'Rights quiz', slug: 'rights-quiz', locale: 'en' });

/** A stored event, master-data record and ZOE localization that a call may change, written as the demo seed writes. */
async function newEvent(world: World): Promise<string> {
  const events = createEventRecordsService({ db: world.t.database.db, audit: world.t.app.auditLog, spaces: world.t.config.spaces });
  return (await events.create(DEMO_SEED_EDITOR, { ...eventItem(), description: '', source: 'CREPO', meppRef: null, rbuRef: null, locale: 'en', translations: [], tags: [], series: null, hostedByProduct: true, status: 'Confirmed', featuredImageUrl: null })).id;
}
async function newMasterData(world: World): Promise<string> {
  const masterData = createMasterDataService({ db: world.t.database.db, audit: world.t.app.auditLog, spaces: world.t.config.spaces, locales: world.t.config.localizations, stencils });
  const item = masterDataItem();
  await masterData.create(DEMO_SEED_EDITOR, { ...item, program: 'meppconnect', locale: 'en', content: {} });
  return `${item.domain}/${item.model}/${item.masterId}`;
}
async function newZoe(world: World): Promise<string> {
  const zoe = createZoeService({ db: world.t.database.db, audit: world.t.app.auditLog });
  return (await zoe.create(DEMO_SEED_EDITOR, { ...zoeItem(), fullscreenReady: false })).id;
}



const tagItem = (foreignId: string) => ({ origin: 'meppconnect' as const, foreignId, title: 'Rights topic' });
const newForeignId = () => `r-${crypto.randomUUID().slice(0, 8)}`;
async function newTag(world: World): Promise<string> {
  const tags = world.t.app.tagRecords;
  const item = tagItem(newForeignId());
  await tags.create(DEMO_SEED_EDITOR, { ...item, uriSlug: null, broaderTag: null });
  return `${item.origin}/${item.foreignId}`;
}

export const REFERENCE_DATA_ROUTE_RIGHTS: Record<string, RouteRight> = {
  'POST /api/v1/reference-data/tags': { may, call: () => ({ method: 'POST', url: `${PATH}/tags`, payload: tagItem(newForeignId()) }) },
  'GET /api/v1/reference-data/tags/:origin/:foreignId': { may, call: async (world) => ({ method: 'GET', url: `${PATH}/tags/${await newTag(world)}` }) },
  'PATCH /api/v1/reference-data/tags/:origin/:foreignId': { may, call: async (world) => ({ method: 'PATCH', url: `${PATH}/tags/${await newTag(world)}`, payload: { title: 'Renamed topic' } }) },
  'DELETE /api/v1/reference-data/tags/:origin/:foreignId': { may, call: async (world) => ({ method: 'DELETE', url: `${PATH}/tags/${await newTag(world)}` }) },
  'PUT /api/v1/reference-data/tags/:origin/:foreignId': { may, call: () => ({ method: 'PUT', url: `${PATH}/tags/meppconnect/${newForeignId()}`, payload: { title: 'Rights topic' } }) },
  'POST /api/v1/reference-data/tags/upserts': { may, call: () => ({ method: 'POST', url: `${PATH}/tags/upserts`, payload: { items: [tagItem(newForeignId())] } }) },
  'POST /api/v1/reference-data/tags/import-preview': {
    may,
    storesOnlyIf: () => false,
    call: () => ({ method: 'POST', url: `${PATH}/tags/import-preview`, payload: { format: 'csv', text: 'origin,foreignId,title\nmeppconnect,123456,Running\n' } }),
  },
  'POST /api/v1/reference-data/events': { may, call: () => ({ method: 'POST', url: `${PATH}/events`, payload: eventItem() }) },
  'GET /api/v1/reference-data/events/:id': { may, call: async (world) => ({ method: 'GET', url: `${PATH}/events/${await newEvent(world)}` }) },
  'PATCH /api/v1/reference-data/events/:id': { may, call: async (world) => ({ method: 'PATCH', url: `${PATH}/events/${await newEvent(world)}`, payload: { title: 'Renamed Cup' } }) },
  'DELETE /api/v1/reference-data/events/:id': { may, call: async (world) => ({ method: 'DELETE', url: `${PATH}/events/${await newEvent(world)}` }) },
  'PUT /api/v1/reference-data/events/by-external-id/:externalId': {
    may,
    call: () => {
      const { externalId, ...body } = eventItem();
      return { method: 'PUT', url: `${PATH}/events/by-external-id/${externalId}`, payload: body };
    },
  },
  'POST /api/v1/reference-data/events/upserts': { may, call: () => ({ method: 'POST', url: `${PATH}/events/upserts`, payload: { items: [eventItem()] } }) },
  'POST /api/v1/reference-data/events/import-preview': {
    may,
    storesOnlyIf: () => false,
    call: () => ({ method: 'POST', url: `${PATH}/events/import-preview`, payload: { format: 'csv', text: 'externalId,title,start,end,city\nr-1,Rights Cup,2026-09-01,2026-09-02,Salzburg\n' } }),
  },
  'POST /api/v1/reference-data/master-data': { may, call: () => ({ method: 'POST', url: `${PATH}/master-data`, payload: masterDataItem() }) },
  'GET /api/v1/reference-data/master-data/:domain/:model/:masterId': { may, call: async (world) => ({ method: 'GET', url: `${PATH}/master-data/${await newMasterData(world)}` }) },
  'PATCH /api/v1/reference-data/master-data/:domain/:model/:masterId': { may, call: async (world) => ({ method: 'PATCH', url: `${PATH}/master-data/${await newMasterData(world)}`, payload: { title: 'Rita Renamed' } }) },
  'DELETE /api/v1/reference-data/master-data/:domain/:model/:masterId': { may, call: async (world) => ({ method: 'DELETE', url: `${PATH}/master-data/${await newMasterData(world)}` }) },
  'PUT /api/v1/reference-data/master-data/:domain/:model/:masterId': {
    may,
    call: () => ({ method: 'PUT', url: `${PATH}/master-data/sports/athlete/rights-${crypto.randomUUID()}`, payload: { space: 'rbcom', title: 'Rita Rights' } }),
  },
  'POST /api/v1/reference-data/master-data/upserts': { may, call: () => ({ method: 'POST', url: `${PATH}/master-data/upserts`, payload: { items: [masterDataItem()] } }) },
  'POST /api/v1/reference-data/master-data/import-preview': {
    may,
    storesOnlyIf: () => false,
    call: () => ({ method: 'POST', url: `${PATH}/master-data/import-preview`, payload: { format: 'json', text: JSON.stringify([masterDataItem()]) } }),
  },
  'POST /api/v1/reference-data/zoe-localizations': { may, call: () => ({ method: 'POST', url: `${PATH}/zoe-localizations`, payload: zoeItem() }) },
  'GET /api/v1/reference-data/zoe-localizations/:id': { may, call: async (world) => ({ method: 'GET', url: `${PATH}/zoe-localizations/${await newZoe(world)}` }) },
  'PATCH /api/v1/reference-data/zoe-localizations/:id': { may, call: async (world) => ({ method: 'PATCH', url: `${PATH}/zoe-localizations/${await newZoe(world)}`, payload: { title: 'Renamed quiz' } }) },
  'DELETE /api/v1/reference-data/zoe-localizations/:id': { may, call: async (world) => ({ method: 'DELETE', url: `${PATH}/zoe-localizations/${await newZoe(world)}` }) },
  'PUT /api/v1/reference-data/zoe-localizations/:id': {
    may,
    call: () => {
      const { id, ...body } = zoeItem();
      return { method: 'PUT', url: `${PATH}/zoe-localizations/${id}`, payload: body };
    },
  },
  'POST /api/v1/reference-data/zoe-localizations/upserts': { may, call: () => ({ method: 'POST', url: `${PATH}/zoe-localizations/upserts`, payload: { items: [zoeItem()] } }) },
  'POST /api/v1/reference-data/zoe-localizations/import-preview': {
    may,
    storesOnlyIf: () => false,
    call: () => ({ method: 'POST', url: `${PATH}/zoe-localizations/import-preview`, payload: { format: 'csv', text: `id,title,engagement,slug,locale\n${zoeItem().id},Quiz,Quiz,quiz,en\n` } }),
  },
};

