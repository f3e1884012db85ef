import crypto from 'node:crypto';
import { assetRights, canCreateStencil, canTranslate, type Rights, type StencilDefinition } from '@editor/domain';
import type { AssetReferenceTable, BookmarkTable, TransitionTable } from '../db/schema.ts';
import { changedValues, type StoredContent } from '../modules/assets/content.ts';
import { deriveColumns } from '../modules/assets/derived.ts';
import type { AssetRow, NewHistoryRow } from '../modules/assets/repository.ts';
import { versionRowOf } from '../modules/assets/versionWrites.ts';
import { revisionRowsOf } from '../modules/revision-store/revisionStore.ts';
import type { VersionMeta } from '../modules/assets/types.ts';
import type { DemoRef, PlannedAssetSummary, Subject } from './demoContentBuilder.ts';
import type { Random } from './random.ts';

/**
 * The rows of planned assets: per version a status, a history of saves by the demo users over the last 18 months,
 * publish dates and schedules, AI drafts, some content that breaks a validation rule, and bookmarks.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** 18 months. */
const HISTORY_SPAN_DAYS = 540;

export type BrokenRule = 'title-missing' | 'teaser-too-long' | 'seo-title-too-long';

export interface DemoPlan {
  assets: AssetRow[];
  spaces: Array<{ asset_id: string; space: string }>;
  localizations: Array<ReturnType<typeof versionRowOf>>;
  references: AssetReferenceTable[];
  history: NewHistoryRow[];
  bookmarks: BookmarkTable[];
  /** Executed publish and unpublish transitions of the history, scheduled ones for future publish dates. */
  transitions: TransitionTable[];
  /** The versions whose content breaks a validation rule on purpose. */
  broken: Array<{ id: string; locale: string; rule: BrokenRule }>;
}

export interface DemoUser {
  id: string;
  name: string;
  rights: Rights;
}

/** An asset as planned: its final content per locale, before statuses and history. */
export interface PlannedAsset extends PlannedAssetSummary {
  stencil: StencilDefinition;
  spaces: string[];
  locales: string[];
  contents: Map<string, StoredContent>;
  /** The content of a locale with another wording of the title or teaser, for the history. */
  variantOf(locale: string, override: Pick<Partial<Subject>, 'titleVariant' | 'teaserVariant'>): StoredContent;
  parent?: DemoRef | undefined;
}

/** Breaks one rule of spec 000 §5 on purpose: the required title missing, or a teaser or SEO title over its length. */
function breakContent(stencil: StencilDefinition, content: StoredContent, random: Random): { content: StoredContent; rule: BrokenRule } {
  const has = (name: string) => stencil.inputs.some((input) => input.name === name);
  const teaserLimit = stencil.inputs.find((input) => input.name === 'teaser')?.constraints?.maxLength;
  const rule: BrokenRule = random.weighted([
    ['teaser-too-long', teaserLimit ? 6 : 0],
    ['title-missing', 3],
    ['seo-title-too-long', has('seo-title') ? 2 : 0],
  ] as const);
  const broken = { ...content };
  if (rule === 'title-missing') {
    delete broken[stencil.titleInput];
  } else if (rule === 'teaser-too-long' && teaserLimit) {
    const base = typeof content.teaser?.value === 'string' && content.teaser.value !== '' ? content.teaser.value : 'A first draft of the teaser.';
    let teaser = base;
    while (teaser.length <= teaserLimit) teaser = `${teaser} ${base}`;
    broken.teaser = { value: teaser };
  } else {
    const title = typeof content[stencil.titleInput]?.value === 'string' ? String(content[stencil.titleInput]?.value) : 'Demo';
    broken['seo-title'] = { value: `${title} | The full story, all the pictures and every result in one place` };
  }
  return { content: broken, rule };
}

type PlannedStatus = 'draft' | 'published' | 'unpublished' | 'ai-draft';
const TAXONOMY_STATUSES: ReadonlyArray<readonly [PlannedStatus, number]> = [['published', 9], ['draft', 1]];
const FIRST_STATUSES: ReadonlyArray<readonly [PlannedStatus, number]> = [['published', 50], ['draft', 32], ['unpublished', 12]];
const TRANSLATION_STATUSES: ReadonlyArray<readonly [PlannedStatus, number]> = [['published', 40], ['draft', 22], ['ai-draft', 22], ['unpublished', 12]];

const iso = (time: number) => new Date(time).toISOString();
/** A UUID-shaped id from a key: the same key always gives the same id, without drawing from the seed's numbers. */
const uuidOf = (key: string) => {
  const hex = crypto.createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const omit = (content: StoredContent, names: readonly string[]) => Object.fromEntries(Object.entries(content).filter(([name]) => !names.includes(name)));
const SEO_INPUTS = ['seo-title', 'seo-description', 'uri-title', 'tags'];

interface Step {
  action: string;
  user: DemoUser;
  content: StoredContent;
}

/** Statuses, history, schedules and bookmarks of the planned assets, as rows of the tables. */
export function writeRows(input: { planned: readonly PlannedAsset[]; users: readonly DemoUser[]; admin: DemoUser; random: Random; now: number; features: readonly string[] }): DemoPlan {
  const { random, now, admin } = input;
  const plan: DemoPlan = { assets: [], spaces: [], localizations: [], references: [], history: [], bookmarks: [], transitions: [], broken: [] };

  const pickUser = (eligible: readonly DemoUser[], preferred?: DemoUser) => {
    if (preferred && eligible.includes(preferred) && random.chance(0.6)) return preferred;
    const weighted = eligible.map((user) => [user, user === admin ? 1 : 3] as const);
    return weighted.length > 0 ? random.weighted(weighted) : admin;
  };
  const rightsOn = (user: DemoUser, asset: PlannedAsset, locale: string) =>
    assetRights({ rights: user.rights, asset: { stencil: asset.stencil.name, spaces: asset.spaces, localization: locale, status: 'draft' }, previewable: false, previewExcludedSpaces: [] });
  const editors = (asset: PlannedAsset, locale: string) => input.users.filter((user) => rightsOn(user, asset, locale).edit);
  const publishers = (asset: PlannedAsset, locale: string) => input.users.filter((user) => rightsOn(user, asset, locale).publish);
  const creators = (asset: PlannedAsset, locale: string) =>
    input.users.filter((user) => asset.spaces.some((space) => canCreateStencil({ rights: user.rights, stencil: asset.stencil, space, locale, enabledFeatures: input.features })));
  const translators = (asset: PlannedAsset, locale: string) =>
    input.users.filter((user) => canTranslate({ rights: user.rights, stencil: asset.stencil, assetSpaces: asset.spaces, targetLocale: locale }));

  for (const asset of input.planned) {
    const isTaxonomy = !asset.stencil.creatable;
    const assetCreated = now - random.int(3 * 24, HISTORY_SPAN_DAYS * 24) * HOUR - random.int(0, 59) * 60_000;
    const firstLocale = asset.locales[0] ?? 'en';
    const creator = pickUser(creators(asset, firstLocale).length > 0 ? creators(asset, firstLocale) : editors(asset, firstLocale));
    plan.assets.push({ id: asset.ref.id, stencil: asset.stencil.name, embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: iso(assetCreated), created_by: creator.name });
    for (const space of asset.spaces) plan.spaces.push({ asset_id: asset.ref.id, space });
    const source = asset.contents.get(firstLocale) ?? {};

    asset.locales.forEach((locale, index) => {
      const isFirst = index === 0;
      const final = asset.contents.get(locale) ?? {};
      const status = random.weighted(isTaxonomy ? TAXONOMY_STATUSES : isFirst ? FIRST_STATUSES : TRANSLATION_STATUSES);
      const edit = (preferred?: DemoUser) => pickUser(editors(asset, locale), preferred);
      const starter = isFirst ? creator : pickUser(translators(asset, locale).length > 0 ? translators(asset, locale) : editors(asset, locale));

      const steps: Step[] = [];
      if (status === 'ai-draft') {
        steps.push({ action: `ai-translate:${firstLocale}`, user: starter, content: final });
      } else if (isFirst) {
        // An earlier working title without SEO fields, then the SEO fields, then the final wording.
        const workingTitle = asset.variantOf(locale, { titleVariant: asset.subject.titleVariant + 1 })[asset.stencil.titleInput];
        const working: StoredContent = { ...omit(final, SEO_INPUTS), ...(workingTitle ? { [asset.stencil.titleInput]: workingTitle } : {}) };
        const chain = [[final], [working, final], [working, omit(final, SEO_INPUTS), final]][random.int(0, 2)] ?? [final];
        chain.forEach((content, position) => steps.push({ action: position === 0 ? 'create' : 'save', user: position === 0 ? starter : edit(starter), content }));
      } else {
        steps.push({ action: `translate:${firstLocale}`, user: starter, content: source });
        for (let saves = random.int(1, 2); saves > 0; saves--) steps.push({ action: 'save', user: edit(starter), content: saves === 1 ? final : omit(final, SEO_INPUTS) });
      }
      let published: StoredContent | null = null;
      let publishedStep = -1;
      if (status === 'published' || status === 'unpublished') {
        const publisher = pickUser(publishers(asset, locale), starter);
        published = steps.at(-1)?.content ?? final;
        publishedStep = steps.length;
        steps.push({ action: 'publish', user: publisher, content: published });
        if (status === 'published' && !isTaxonomy && final.teaser && random.chance(0.3)) {
          // A change after publishing: the version shows unpublished changes.
          const teaser = asset.variantOf(locale, { teaserVariant: asset.subject.teaserVariant + 1 }).teaser;
          if (teaser) steps.push({ action: 'save', user: edit(starter), content: { ...final, teaser } });
        }
        if (status === 'unpublished') steps.push({ action: 'unpublish', user: publisher, content: published });
      }
      let rule: BrokenRule | undefined;
      if (status === 'draft' && !isTaxonomy && random.chance(0.14)) {
        const broken = breakContent(asset.stencil, final, random);
        rule = broken.rule;
        steps.push({ action: 'save', user: edit(starter), content: broken.content });
        plan.broken.push({ id: asset.ref.id, locale, rule });
      }

      // Times: the first locale starts with the asset, translations later; all before now.
      const start = isFirst ? assetCreated : Math.min(assetCreated + random.int(12, 60 * 24) * HOUR, now - random.int(2 * 60, 48 * 60) * 60_000);
      const end = Math.max(start + steps.length * 60_000, Math.min(now - random.int(5, 3 * 24 * 60) * 60_000, start + random.int(1, 120 * 24) * HOUR));
      const gap = steps.length > 1 ? (end - start) / (steps.length - 1) : 0;
      // Evenly spread, each a little earlier by up to half its gap, so the minutes differ.
      const times = steps.map((_, position) => (position === 0 ? start : Math.round((start + gap * position - random.next() * Math.min(gap / 2, HOUR)) / 1000) * 1000));

      const current = steps.at(-1)?.content ?? final;
      const firstUser = steps[0]?.user ?? creator;
      const lastUser = steps.at(-1)?.user ?? creator;
      const at = (position: number) => iso(times[position] ?? start);
      const meta: VersionMeta = status === 'ai-draft' ? { aiTranslationNeedsConfirmation: true, aiGeneratedProperties: ['title', 'teaser'].filter((name) => current[name] !== undefined) } : {};
      const schedule = { start: null as string | null, end: null as string | null };
      if (status === 'draft' && !rule && random.chance(0.18)) {
        const publishAt = Math.floor((now + random.int(6, 21 * 24) * HOUR) / HOUR) * HOUR;
        schedule.start = iso(publishAt);
        if (random.chance(0.4)) schedule.end = iso(publishAt + random.int(7, 60) * DAY);
      } else if (status === 'published' && random.chance(0.15)) {
        schedule.end = iso(Math.floor((now + random.int(3 * 24, 45 * 24) * HOUR) / HOUR) * HOUR);
      }
      const row = versionRowOf({
        id: asset.ref.id,
        locale,
        stencil: asset.stencil,
        content: current,
        meta,
        status: status === 'ai-draft' ? 'draft' : status,
        version: steps.length,
        published,
        dates: {
          created: { at: at(0), by: firstUser.name },
          updated: { at: at(steps.length - 1), by: lastUser.name },
          firstPublishedAt: publishedStep >= 0 ? at(publishedStep) : null,
          lastPublishedAt: publishedStep >= 0 ? at(publishedStep) : null,
          publishStart: schedule.start,
          publishEnd: schedule.end,
        },
      });
      for (const reference of deriveColumns(asset.stencil, current).references) plan.references.push({ asset_id: asset.ref.id, locale, input: reference.input, target_id: reference.targetId });
      plan.localizations.push(row);
      const revisions = steps.map((step, position) => ({
        action: step.action,
        by: step.user,
        at: at(position),
        content: step.content,
        changedProperties: changedValues(steps[position - 1]?.content ?? {}, step.content),
        ifMatch: position === 0 ? null : position,
      }));
      plan.history.push(...revisionRowsOf({ id: asset.ref.id, locale, steps: revisions }));
      // Whoever saved last sets the schedule when they may publish; chosen without drawing, so the rest of the seed stays as it was.
      const scheduler = publishers(asset, locale).find((user) => user === lastUser) ?? publishers(asset, locale)[0] ?? admin;
      plan.transitions.push(...transitionsOf({ asset, locale, steps, at, schedule, scheduler }));
    });
  }
  const taxonomy = new Set(input.planned.filter((asset) => !asset.stencil.creatable).map((asset) => asset.ref.id));
  plan.bookmarks = bookmarksFor({ plan, users: input.users, random, now, skip: taxonomy });
  return plan;
}

/** The lifecycle of a version: its publish and unpublish steps as executed transitions, its future dates as scheduled ones. */
function transitionsOf(input: {
  asset: PlannedAsset;
  locale: string;
  steps: readonly Step[];
  at: (position: number) => string;
  schedule: { start: string | null; end: string | null };
  scheduler: DemoUser;
}): TransitionTable[] {
  const { asset, locale, steps, at } = input;
  const row = (n: number, values: Pick<TransitionTable, 'transition_to' | 'status' | 'due_at' | 'executed_at' | 'user_name' | 'created_at'>): TransitionTable => ({
    id: uuidOf(`transition ${asset.ref.id} ${locale} ${n}`),
    asset_id: asset.ref.id,
    locale,
    message: null,
    // The demo's users have no user row before they first sign in, so their schedules name no user id and run as
    // schedules from before migration 023 do, without checking rights.
    user_id: null,
    ...values,
  });
  const transitions: TransitionTable[] = [];
  steps.forEach((step, position) => {
    if (step.action !== 'publish' && step.action !== 'unpublish') return;
    transitions.push(
      row(transitions.length, {
        transition_to: step.action === 'publish' ? 'PUBLISHED' : 'UNPUBLISHED',
        status: 'EXECUTED',
        due_at: at(position),
        executed_at: at(position),
        user_name: step.user.name,
        created_at: at(position),
      }),
    );
  });
  const scheduledAt = at(steps.length - 1);
  for (const [to, due] of [['PUBLISHED', input.schedule.start], ['UNPUBLISHED', input.schedule.end]] as const) {
    if (due) transitions.push(row(transitions.length, { transition_to: to, status: 'SCHEDULED', due_at: due, executed_at: null, user_name: input.scheduler.name, created_at: scheduledAt }));
  }
  return transitions;
}

/** Some bookmarks for every demo user, on versions they can read, mostly in their locales. */
function bookmarksFor(input: { plan: DemoPlan; users: readonly DemoUser[]; random: Random; now: number; skip: ReadonlySet<string> }): BookmarkTable[] {
  const { plan, users, random, now } = input;
  const spacesOf = new Map<string, string[]>();
  for (const row of plan.spaces) spacesOf.set(row.asset_id, [...(spacesOf.get(row.asset_id) ?? []), row.space]);
  const content = plan.localizations.filter((row) => !input.skip.has(row.asset_id));
  const bookmarks: BookmarkTable[] = [];
  for (const user of users) {
    const readable = content.filter((row) => (spacesOf.get(row.asset_id) ?? []).some((space) => user.rights.spaces.includes(space)));
    const own = readable.filter((row) => user.rights.localizations.includes(row.locale));
    const chosen = random.sample(own.length >= 6 ? own : readable, user.id === 'editor' ? 14 : random.int(6, 10));
    for (const row of chosen) {
      const created = Date.parse(row.created_at);
      bookmarks.push({ user_id: user.id, asset_id: row.asset_id, locale: row.locale, created_at: new Date(created + random.next() * (now - created)).toISOString() });
    }
  }
  return bookmarks;
}
