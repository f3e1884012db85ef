import { ALL_TAG, type StencilDefinition } from '@editor/domain';
import { titleOf, withDefaults, type StoredContent } from '../modules/assets/content.ts';
import { DEMO_ACCOUNTS } from './demoAccounts.ts';
import { ContentBuilder, type ContentPools, type DemoRef, type Subject } from './demoContentBuilder.ts';
import type { DemoImage } from './demoImages.ts';
import { writeRows, type DemoPlan, type DemoUser, type PlannedAsset } from './demoRows.ts';
import { BUILD_ORDER, BUILDERS, PARENTS, SERIES_CHILDREN } from './demoStencilContent.ts';
import { ARTISTS, ATHLETES, AUTHORS, CONTENT_CATEGORIES, DISCIPLINES, ENERGY_DRINKS, FILMS, FIRST_NAMES, LAST_NAMES, LSC_ENTRIES, PARTNERS, PLACES, PODCAST_SHOWS, SHOWS, TAGS, TEAMS } from './demoTexts.ts';
import { createRandom, type Random } from './random.ts';

/** How many versions the demo has unless told otherwise. */
export const DEFAULT_DEMO_VERSIONS = 640;

export type { BrokenRule, DemoPlan } from './demoRows.ts';

/** The demo locales and how often an asset starts in each; en is the most common. */
const FIRST_LOCALE_WEIGHTS: Readonly<Record<string, number>> = { en: 60, 'en-US': 6, de: 12, fr: 5, es: 5, it: 3, ja: 3, 'pt-BR': 4 };
const EXTRA_LOCALE_WEIGHTS: Readonly<Record<string, number>> = { en: 30, de: 20, fr: 14, es: 14, it: 10, ja: 8, 'pt-BR': 8, 'en-US': 8 };
const LOCALE_COUNTS: ReadonlyArray<readonly [number, number]> = [[1, 40], [2, 25], [3, 15], [4, 10], [5, 5], [6, 3], [7, 2]];
const SPACE_WEIGHTS: Readonly<Record<string, number>> = { rbcom: 34, global: 14, rbtv: 14, illume: 7, 'rb-rookies': 8, 'media-partnerships': 6, wrc: 9, erc: 8 };

/** Shares of the content versions; every other creatable stencil gets the default share. */
const STENCIL_WEIGHTS: Readonly<Record<string, number>> = { story: 22, video: 10, image: 12, 'image-gallery': 6, 'event-profile': 6, athlete: 6, 'podcast-episode': 5 };
const DEFAULT_WEIGHT = 1;

/** Taxonomy and other fixed lists: one asset per entry, with these locales. */
const FIXED_LISTS: Readonly<Record<string, { count: number; locales: (random: Random) => string[] }>> = {
  discipline: { count: DISCIPLINES.length, locales: (random) => ['en', 'de', ...random.sample(['fr', 'es', 'it', 'ja', 'pt-BR'], random.int(1, 2))] },
  'content-category': { count: CONTENT_CATEGORIES.length, locales: () => ['en', 'de', 'fr'] },
  tag: { count: TAGS.length, locales: (random) => (random.chance(0.3) ? ['en', 'de'] : ['en']) },
  lsc: { count: LSC_ENTRIES.length, locales: () => ['en'] },
  partner: { count: PARTNERS.length, locales: () => ['en'] },
  'energy-drink': { count: ENERGY_DRINKS.length, locales: () => ['en', 'de'] },
};

/** Stencils whose assets are named from a list: no more assets than names. */
const NAMED_LISTS: Readonly<Record<string, number>> = {
  author: AUTHORS.length,
  artist: ARTISTS.length,
  team: TEAMS.length,
  'podcast-show': PODCAST_SHOWS.length,
  show: SHOWS.length,
  film: FILMS.length,
};

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export interface DemoPlanOptions {
  seed: number;
  /** At least this many asset versions. */
  versions: number;
  now: Date;
  stencils: readonly StencilDefinition[];
  spaces: readonly string[];
  localizations: readonly string[];
  features: readonly string[];
  images: readonly DemoImage[];
}



function weightedEntries(weights: Readonly<Record<string, number>>, allowed: readonly string[], fallback = 0): Array<readonly [string, number]> {
  return allowed.map((name) => [name, weights[name] ?? fallback] as const).filter(([, weight]) => weight > 0);
}

/** Inputs a stencil has, as stored content (`{ value }`), with its defaults; empty values are left out. */
function toContent(stencil: StencilDefinition, values: Record<string, unknown>): StoredContent {
  const content: StoredContent = {};
  for (const input of stencil.inputs) {
    const value = values[input.name];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    content[input.name] = { value };
  }
  return withDefaults(stencil, content);
}


/**
 * Plans the demo content: every row the seed writes, made deterministically from the seed number (dates are relative
 * to `now`). Assets cover every creatable stencil (taxonomy included) over the demo spaces and locales, with every
 * status, AI drafts, schedules, history by several users, bookmarks and some versions that break a validation rule.
 */
export function planDemoContent(options: DemoPlanOptions): DemoPlan {
  const random = createRandom(options.seed);
  const now = options.now.getTime();
  const byName = new Map(options.stencils.map((stencil) => [stencil.name, stencil]));
  const isOn = (stencil: StencilDefinition) => !stencil.featureFlag || options.features.includes(stencil.featureFlag);
  const stencilOrder = BUILD_ORDER.flatMap((name) => {
    const stencil = byName.get(name);
    return stencil && isOn(stencil) && BUILDERS[name] ? [stencil] : [];
  });
  const users: DemoUser[] = DEMO_ACCOUNTS.map((account) => ({
    id: account.username,
    name: account.name,
    rights: {
      roles: account.roles,
      spaces: account.spaces === 'all' ? options.spaces : account.spaces,
      localizations: account.localizations === 'all' ? options.localizations : account.localizations,
    },
  }));
  const admin = users.find((user) => user.id === 'admin') ?? users[0];
  if (!admin) throw new Error('No demo accounts.');
  const demoLocales = options.localizations.filter((locale) => locale in FIRST_LOCALE_WEIGHTS);
  if (!demoLocales.includes('en')) throw new Error('The demo content needs the locale en.');

  const planned: PlannedAsset[] = [];
  const byStencil = new Map<string, PlannedAsset[]>();
  const taxonomy = new Map<string, DemoRef>();
  const pools: ContentPools = {
    byStencil: (name) => byStencil.get(name) ?? [],
    disciplineRef: (key) => taxonomy.get(`discipline:${key}`),
    categoryRef: (key) => taxonomy.get(`content-category:${key}`),
  };
  const childCounts = new Map<string, number>();

  function subjectFor(stencil: StencilDefinition, entry: number, parent: PlannedAsset | undefined): Subject {
    if (parent) {
      const count = (childCounts.get(parent.ref.id) ?? 0) + 1;
      childCounts.set(parent.ref.id, count);
      const guests = byStencil.get('athlete') ?? [];
      const guest = guests.length > 0 ? random.pick(guests) : undefined;
      return {
        ...parent.subject,
        // An episode of a podcast has its own guest, who talks about their sport.
        ...(guest ? { athlete: { name: guest.label, ref: guest.ref } } : {}),
        ...(guest && stencil.name === 'podcast-episode' ? { discipline: guest.subject.discipline } : {}),
        parent,
        entry,
        n: count,
        titleVariant: random.int(0, 20),
        teaserVariant: random.int(0, 20),
        image: random.pick(options.images),
        uncropped: random.chance(0.12),
        geoblocked: random.chance(0.08),
      };
    }
    const athletes = byStencil.get('athlete') ?? [];
    const athleteAsset = stencil.name === 'athlete' ? undefined : athletes.length > 0 && random.chance(0.8) ? random.pick(athletes) : undefined;
    const person = ATHLETES[entry % ATHLETES.length];
    const generatedName = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    const athleteName = athleteAsset?.label ?? (stencil.name === 'athlete' && entry >= ATHLETES.length ? generatedName : person ? `${person.firstName} ${person.lastName}` : generatedName);
    const disciplineKey = athleteAsset?.subject.discipline.key ?? (stencil.name === 'athlete' && person && entry < ATHLETES.length ? person.discipline : undefined);
    const discipline = (stencil.name === 'discipline' ? DISCIPLINES[entry % DISCIPLINES.length] : DISCIPLINES.find((d) => d.key === disciplineKey)) ?? random.pick(DISCIPLINES);
    const placeKey = random.pick(discipline.places);
    const place = PLACES.find((candidate) => candidate.key === placeKey) ?? random.pick(PLACES);
    const artists = byStencil.get('artist') ?? [];
    const artistAsset = artists.length > 0 && random.chance(discipline.category === 'culture' ? 0.6 : 0.15) ? random.pick(artists) : undefined;
    const eventDate = new Date(Math.floor((now + random.int(-330, 200) * DAY) / HOUR) * HOUR);
    const suffix = discipline.eventSuffix;
    return {
      discipline,
      place,
      athlete: { name: athleteName, ref: athleteAsset?.ref },
      artist: { name: artistAsset?.label ?? random.pick(ARTISTS).title, ref: artistAsset?.ref },
      event: suffix === 'Rally' ? `Rally ${place.name.en}` : `${place.name.en} ${suffix}`,
      eventDate,
      year: eventDate.getUTCFullYear(),
      n: random.int(3, 12),
      titleVariant: random.int(0, 20),
      teaserVariant: random.int(0, 20),
      image: random.pick(options.images),
      images: random.sample(options.images, 6),
      uncropped: random.chance(0.12),
      geoblocked: random.chance(0.08),
      entry,
    };
  }

  function spacesFor(stencil: StencilDefinition, subject: Subject, parent: PlannedAsset | undefined, fixed: boolean): string[] {
    const allowed = options.spaces.filter((space) => !stencil.spaces || stencil.spaces.includes(space));
    if (allowed.length === 0) return [];
    if (fixed) return [...allowed];
    if (parent) {
      const shared = parent.spaces.filter((space) => allowed.includes(space));
      if (shared.length > 0) return shared;
    }
    const motorsport = subject.discipline.key === 'rally' || subject.discipline.key === 'formula-1';
    const weights = weightedEntries(SPACE_WEIGHTS, allowed, 3).map(([space, weight]) => [space, motorsport && (space === 'wrc' || space === 'erc') ? weight * 5 : weight] as const);
    const first = weights.length > 0 ? random.weighted(weights) : random.pick(allowed);
    const spaces = [first];
    if (first !== 'global' && allowed.includes('global') && random.chance(0.12)) spaces.push('global');
    return spaces.toSorted();
  }

  function localesFor(stencil: StencilDefinition): string[] {
    const allowed = demoLocales.filter((locale) => !stencil.locales || stencil.locales.includes(locale));
    const first = random.weighted(weightedEntries(FIRST_LOCALE_WEIGHTS, allowed));
    const count = Math.min(allowed.length, random.weighted(LOCALE_COUNTS));
    const locales = [first];
    while (locales.length < count) {
      const next = random.weighted(weightedEntries(EXTRA_LOCALE_WEIGHTS, allowed.filter((locale) => !locales.includes(locale))));
      locales.push(next);
    }
    return locales;
  }

  function build(stencil: StencilDefinition, subject: Subject, locale: string, assetSeed: number): StoredContent {
    const builder = BUILDERS[stencil.name];
    if (!builder) throw new Error(`No demo content for the stencil ${stencil.name}.`);
    return toContent(stencil, builder(new ContentBuilder({ stencil, locale, subject, pools, random: createRandom(assetSeed) })));
  }

  /** `fixed` places an asset of a fixed list in all its spaces; with `id` and `values` it is one asset given in full. */
  function addAsset(stencil: StencilDefinition, entry: number, fixed: { locales: string[]; id?: string; values?: Record<string, unknown> } | undefined): PlannedAsset {
    const parentStencils = PARENTS[stencil.name]?.stencils ?? [];
    const candidates = parentStencils.flatMap((name) => byStencil.get(name) ?? []);
    const parent = candidates.length > 0 ? random.pick(candidates) : undefined;
    const subject = subjectFor(stencil, entry, parent);
    const spaces = spacesFor(stencil, subject, parent, fixed !== undefined);
    const locales = fixed ? fixed.locales.filter((locale) => demoLocales.includes(locale)) : localesFor(stencil);
    const assetSeed = (options.seed * 100_003 + planned.length * 7919) >>> 0;
    const given = fixed?.values;
    const contentOf = (locale: string, override?: Partial<Subject>) => (given ? toContent(stencil, given) : build(stencil, { ...subject, ...override }, locale, assetSeed));
    const contents = new Map(locales.map((locale) => [locale, contentOf(locale)]));
    const ref = { id: fixed?.id ?? random.uuid(), stencil: stencil.name };
    const asset: PlannedAsset = {
      ref,
      subject,
      label: titleOf(stencil, contents.get('en') ?? contentOf('en')),
      stencil,
      spaces,
      locales,
      contents,
      variantOf: (locale, override) => contentOf(locale, override),
      parent: parent?.ref,
    };
    planned.push(asset);
    byStencil.set(stencil.name, [...(byStencil.get(stencil.name) ?? []), asset]);
    if (stencil.name === 'discipline') taxonomy.set(`discipline:${DISCIPLINES[entry % DISCIPLINES.length]?.key}`, ref);
    if (stencil.name === 'content-category') taxonomy.set(`content-category:${CONTENT_CATEGORIES[entry % CONTENT_CATEGORIES.length]?.key}`, ref);
    return asset;
  }

  // Fixed lists first, then each content stencil up to its share of the versions.
  const fixedVersions = stencilOrder.reduce((sum, stencil) => {
    const list = FIXED_LISTS[stencil.name];
    if (!list) return sum;
    let versions = 0;
    for (let entry = 0; entry < list.count; entry++) versions += addAsset(stencil, entry, { locales: list.locales(random) }).locales.length;
    return sum + versions;
  }, 0);
  const contentStencils = stencilOrder.filter((stencil) => !FIXED_LISTS[stencil.name]);
  const totalWeight = contentStencils.reduce((sum, stencil) => sum + (STENCIL_WEIGHTS[stencil.name] ?? DEFAULT_WEIGHT), 0);
  const budget = Math.max(0, options.versions - fixedVersions);
  let versions = fixedVersions;
  for (const stencil of contentStencils) {
    const target = Math.max(1, Math.round((budget * (STENCIL_WEIGHTS[stencil.name] ?? DEFAULT_WEIGHT)) / totalWeight));
    const limit = NAMED_LISTS[stencil.name] ?? Number.POSITIVE_INFINITY;
    let made = 0;
    for (let entry = 0; made < target && entry < limit; entry++) {
      const asset = addAsset(stencil, entry, undefined);
      made += asset.locales.length;
    }
    versions += made;
  }
  // Shares are rounded and named lists run out: stories fill up to the wanted number.
  const story = byName.get('story');
  if (story) {
    for (let entry = 0; versions < options.versions; entry++) versions += addAsset(story, entry, undefined).locales.length;
  }

  // Spec 002 §5 "Target tags": the all-tag that 'Target all' writes, under its fixed id. Made last, so that no
  // content picks it as an ordinary tag.
  const tag = byName.get(ALL_TAG.stencil);
  if (tag && isOn(tag)) addAsset(tag, 0, { locales: ['en'], id: ALL_TAG.id, values: { title: 'All', 'sub-type': 'target' } });

  linkChildren(planned);
  return writeRows({ planned, users, admin, random, now, features: options.features });
}

function appendChild(parent: PlannedAsset | undefined, input: string, child: DemoRef): void {
  if (!parent || !parent.stencil.inputs.some((candidate) => candidate.name === input)) return;
  for (const content of parent.contents.values()) {
    const current = Array.isArray(content[input]?.value) ? (content[input]?.value as unknown[]) : [];
    content[input] = { value: [...current, child] };
  }
}

/** Parents list their children (a show its seasons, an event series its events...), in every locale. */
function linkChildren(planned: readonly PlannedAsset[]): void {
  const byId = new Map(planned.map((asset) => [asset.ref.id, asset]));
  for (const asset of planned) {
    const childInput = PARENTS[asset.stencil.name]?.childInput;
    if (childInput && asset.parent) appendChild(byId.get(asset.parent.id), childInput, asset.ref);
    if (asset.stencil.name === SERIES_CHILDREN.child) {
      const series = [...asset.contents.values()][0]?.['event-series']?.value as DemoRef | undefined;
      if (series) appendChild(byId.get(series.id), SERIES_CHILDREN.childInput, asset.ref);
    }
  }
}
