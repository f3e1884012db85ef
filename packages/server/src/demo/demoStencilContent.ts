import type { ContentBuilder, Values } from './demoContentBuilder.ts';
import {
  ARTISTS,
  ATHLETES,
  AUTHORS,
  BIOGRAPHY,
  CAMPAIGN_SEASONS,
  CAMPAIGN_TITLE,
  CHANNEL_TITLE,
  COLLECTION_TITLE,
  CONTENT_CATEGORIES,
  DETAILS_TYPES,
  DISCIPLINES,
  ENERGY_DRINKS,
  EPISODE_TITLE,
  EXTERNAL_TITLE,
  FILMS,
  GALLERY_TITLE,
  HEADLINES,
  HUB_TITLE,
  IMAGE_TITLES,
  LSC_ENTRIES,
  MAGAZINE_PROMOTION,
  PARTNERS,
  PHOTOGRAPHERS,
  PODCAST_EPISODE_TITLE,
  PODCAST_SHOWS,
  PROJECT_TITLE,
  RECAP_TITLE,
  SCHEDULE_ITEMS,
  SEASON_TITLE,
  SENTENCES,
  SERIES_TITLE,
  SHOWS,
  STORY_TITLES,
  TAGS,
  TEAMS,
  TEASERS,
  TRAILER_TITLE,
  VIDEO_TITLES,
  fill,
  paragraph,
  say,
  shorten,
  slugify,
  type Phrase,
} from './demoTexts.ts';

const DAY = 24 * 60 * 60 * 1000;

const titleOf = (b: ContentBuilder, list: readonly Phrase[]) => b.t(b.variant(list, b.subject.titleVariant));
const teaserOf = (b: ContentBuilder) => b.t(b.variant(TEASERS, b.subject.teaserVariant));
const website = (kind: string, name: string) => `https://www.example.com/${kind}/${slugify(name)}`;

/** The content values of each stencil the demo creates; inputs a stencil does not have are dropped later. */
export const BUILDERS: Readonly<Record<string, (b: ContentBuilder) => Values>> = {
  discipline: (b) => {
    const entry = b.variant(DISCIPLINES, b.subject.entry);
    return { title: say(entry.name, b.language), description: `${entry.name.en}: events, athletes and stories.` };
  },
  'content-category': (b) => {
    const entry = b.variant(CONTENT_CATEGORIES, b.subject.entry);
    return { title: say(entry.name, b.language), description: entry.description };
  },
  tag: (b) => {
    const entry = b.variant(TAGS, b.subject.entry);
    return { title: entry.title, 'sub-type': entry.subType };
  },
  lsc: (b) => ({ ...b.variant(LSC_ENTRIES, b.subject.entry) }),
  partner: (b) => {
    const entry = b.variant(PARTNERS, b.subject.entry);
    return { title: entry.title, website: entry.website, logo: b.media() };
  },
  'energy-drink': (b) => {
    const entry = b.variant(ENERGY_DRINKS, b.subject.entry);
    return { title: entry.title, 'local-brand-name': entry.localBrandName, 'branding-hex-color': entry.color, teaser: 'Our classic, served ice cold.', 'key-visual': b.media() };
  },
  author: (b) => {
    const entry = b.variant(AUTHORS, b.subject.entry);
    return { title: entry.title, 'job-title': say(entry.jobTitle, b.language), teaser: teaserOf(b), 'profile-image': b.media(), website: website('authors', entry.title) };
  },
  athlete: (b) => {
    const person = b.variant(ATHLETES, b.subject.entry);
    const name = b.subject.athlete.name;
    const [firstName, ...rest] = name.split(' ');
    return {
      title: name,
      'first-name': firstName,
      'last-name': rest.join(' '),
      nationality: person.nationality,
      'birth-date': { date: person.born, isDateOnly: true, timezone: 'UTC' },
      'birth-place': person.hometown,
      teaser: shorten(b.t(BIOGRAPHY, { name, hometown: person.hometown }), 300),
      biography: paragraph(b.t(BIOGRAPHY, { name, hometown: person.hometown })) + b.paragraph(2),
      'hero-image': b.media(),
      'profile-image': b.media(b.random.pick(b.subject.images), { main: false }),
      website: website('athletes', name),
      'instagram-handle': `@${slugify(name).replaceAll('-', '.')}`,
      disciplines: b.discipline(),
      'uri-title': slugify(name),
      'seo-title': shorten(name, 60),
    };
  },
  artist: (b) => {
    const artist = b.variant(ARTISTS, b.subject.entry);
    return {
      title: artist.title,
      'first-name': artist.firstName,
      'last-name': artist.lastName,
      'artist-type': artist.type,
      nationality: artist.nationality,
      hometown: artist.hometown,
      teaser: b.t(BIOGRAPHY, { name: artist.title, hometown: artist.hometown }),
      biography: b.paragraph(3),
      'hero-image': b.media(),
      'profile-image': b.media(b.random.pick(b.subject.images), { main: false }),
      website: website('artists', artist.title),
      'content-categories': [b.input.pools.categoryRef(artist.type === 'gamer' ? 'gaming' : artist.type === 'musician' || artist.type === 'dj' ? 'music' : 'culture')].filter(Boolean),
      'uri-title': slugify(artist.title),
    };
  },
  team: (b) => {
    const team = b.variant(TEAMS, b.subject.entry);
    return {
      title: team.title,
      'short-name': team.short,
      country: team.country,
      'founded-year': team.founded,
      teaser: teaserOf(b),
      description: b.paragraph(3),
      'hero-image': b.media(),
      logo: b.media(b.random.pick(b.subject.images), { main: false }),
      members: b.refs('athlete', 2, 5),
      website: website('teams', team.title),
      disciplines: b.discipline(),
      'uri-title': slugify(team.title),
    };
  },
  image: (b) => {
    const title = titleOf(b, IMAGE_TITLES);
    const en = fill(b.variant(IMAGE_TITLES, b.subject.titleVariant).en, { athlete: b.subject.athlete.name, place: b.subject.place.name.en, discipline: b.subject.discipline.name.en });
    return {
      image: b.media(),
      title,
      'seo-filename': slugify(en, 100) || 'image',
      credits: `© ${b.random.pick(PHOTOGRAPHERS)} / Content Pool`,
      teaser: b.random.chance(0.5) ? teaserOf(b) : undefined,
      'alt-text': title,
      caption: b.t(b.random.pick(SENTENCES)),
      orientation: 'landscape',
      size: b.random.pick(['M', 'L', 'XL']),
      disciplines: b.discipline(),
      tags: b.refs('tag', 0, 2),
      geolocation: b.geolocation(),
    };
  },
  'image-gallery': (b) => ({
    ...b.editorial(b.t(GALLERY_TITLE), teaserOf(b)),
    images: b.refs('image', 4, 9),
    'event-series': b.ref('event-series'),
    geolocation: b.geolocation(),
    authorship: b.authorship(),
  }),
  story: (b) => {
    // The last template is about an artist; culture subjects use it, the others about the athlete, place or event.
    const templates = STORY_TITLES.slice(0, -1);
    const artistTemplate = STORY_TITLES.at(-1);
    const title = b.subject.artist.ref && artistTemplate && b.subject.titleVariant % 2 === 0 ? b.t(artistTemplate) : titleOf(b, templates);
    return {
      ...b.editorial(title, teaserOf(b)),
      'hero-image': b.media(),
      'story-content': b.storyContent(b.random.int(2, 5)),
      lsc: b.random.chance(0.2) ? b.refs('lsc', 1, 1) : undefined,
      'event-series': b.random.chance(0.3) ? b.ref('event-series') : undefined,
      geolocation: b.geolocation(),
      authorship: b.authorship(),
      'main-partner': b.random.chance(0.15) ? b.ref('partner') : undefined,
    };
  },
  video: (b) => ({
    ...b.editorial(titleOf(b, VIDEO_TITLES), teaserOf(b)),
    ...b.videoWithDuration(),
    thumbnail: b.media(),
    description: b.paragraph(2),
    'event-series': b.random.chance(0.3) ? b.ref('event-series') : undefined,
    geolocation: b.geolocation(),
    'playability-start-date': b.random.chance(0.3) ? b.date(new Date(b.subject.eventDate.getTime() + DAY), 'datetime') : undefined,
  }),
  'event-series': (b) => ({
    ...b.editorial(b.t(SERIES_TITLE), teaserOf(b)),
    'hero-image': b.media(),
    logo: b.media(b.random.pick(b.subject.images), { main: false }),
    description: b.paragraph(3),
    website: website('series', b.subject.discipline.key),
  }),
  'event-profile': (b) => {
    const start = b.subject.eventDate;
    const end = new Date(start.getTime() + b.random.int(0, 3) * DAY);
    const withTime = b.random.chance(0.5);
    return {
      ...b.editorial(`${b.subject.event} ${b.subject.year}`, teaserOf(b)),
      'hero-image': b.media(),
      'event-start-date': b.date(start, withTime ? 'datetime' : 'date'),
      'event-end-date': b.date(end, withTime ? 'datetime' : 'date'),
      timezone: b.subject.place.timezone,
      'event-status': b.random.weighted([['confirmed', 8], ['postponed', 1], ['cancelled', 1]] as const),
      geolocation: b.geolocation(),
      venue: `${say(b.subject.place.name, b.language)} ${b.subject.discipline.key === 'formula-1' || b.subject.discipline.key === 'rally' ? 'Circuit' : 'Arena'}`,
      location: say(b.subject.place.name, b.language),
      'country-name': b.subject.place.countryName,
      'country-code': b.subject.place.country,
      'story-content': [{ type: 'text', value: b.paragraph(3) }, { type: 'text', value: b.paragraph(2) }],
      'ticket-url': `https://tickets.example.com/${slugify(`${b.subject.event} ${b.subject.year}`)}`,
      'event-series': b.ref('event-series'),
      participants: b.refs('athlete', 2, 6),
    };
  },
  'event-details': (b) => {
    const kind = b.variant(DETAILS_TYPES, b.subject.titleVariant);
    const schedule = {
      type: 'schedule',
      value: {
        'schedule-title': `${b.subject.event} ${b.subject.year}`,
        'schedule-items': SCHEDULE_ITEMS.map((item, index) => ({
          'schedule-item-date': b.date(new Date(b.subject.eventDate.getTime() + (index - 1) * DAY), 'datetime'),
          'schedule-item-title': b.t(item),
        })),
      },
    };
    return {
      title: `${b.subject.event} ${b.subject.year}: ${say(kind.label, b.language)}`,
      teaser: teaserOf(b),
      'event-profile': b.subject.parent?.ref,
      'details-type': kind.value,
      'story-content': kind.value === 'schedule' ? [{ type: 'text', value: b.paragraph(2) }, schedule] : [{ type: 'text', value: b.paragraph(3) }],
      'uri-title': slugify(`${b.subject.event} ${b.subject.year} ${kind.value}`),
    };
  },
  'project-profile': (b) => ({
    ...b.editorial(b.t(PROJECT_TITLE), teaserOf(b)),
    'hero-image': b.media(),
    'project-type': b.random.pick(['athlete-project', 'expedition', 'film-production', 'community']),
    'project-start-date': b.date(b.subject.eventDate),
    'project-end-date': b.date(new Date(b.subject.eventDate.getTime() + b.random.int(7, 60) * DAY)),
    participants: b.refs('athlete', 1, 3),
    'story-content': b.storyContent(2),
    geolocation: b.geolocation(),
    authorship: b.authorship(),
  }),
  'podcast-show': (b) => ({
    ...b.editorial(b.variant(PODCAST_SHOWS, b.subject.entry), teaserOf(b)),
    description: b.paragraph(2),
    'cover-image': b.media(),
    hosts: b.refs('author', 1, 2),
    'feed-url': `https://feeds.example.com/${slugify(b.variant(PODCAST_SHOWS, b.subject.entry))}.xml`,
  }),
  'podcast-episode': (b) => ({
    ...b.editorial(b.t(PODCAST_EPISODE_TITLE), teaserOf(b)),
    ...b.audioWithDuration(),
    'podcast-show': b.subject.parent?.ref,
    'season-number': 1 + Math.floor((b.subject.n - 1) / 10),
    'episode-number': b.subject.n,
    'cover-image': b.media(),
    'show-notes': b.paragraph(2),
    guests: b.subject.athlete.ref ? [b.subject.athlete.ref] : [],
    authorship: b.authorship(),
  }),
  show: (b) => ({
    ...b.editorial(b.variant(SHOWS, b.subject.entry), teaserOf(b)),
    synopsis: b.paragraph(3),
    'hero-image': b.media(),
    poster: b.media(b.random.pick(b.subject.images), { main: false }),
    genres: b.random.sample(['action-sports', 'adventure', 'documentary', 'culture'], 2),
    'age-rating': b.random.pick(['0', '6', '12']),
  }),
  season: (b) => ({
    title: b.t(SEASON_TITLE, { show: b.subject.parent?.label ?? '' }),
    show: b.subject.parent?.ref,
    'season-number': b.subject.n,
    teaser: teaserOf(b),
    poster: b.media(),
    'uri-title': slugify(`${b.subject.parent?.label ?? ''} season ${b.subject.n}`),
  }),
  episode: (b) => ({
    title: b.t(EPISODE_TITLE, { show: b.subject.parent?.label.replace(/:.*$/, '') ?? '' }),
    season: b.subject.parent?.ref,
    'episode-number': b.subject.n,
    teaser: teaserOf(b),
    synopsis: b.paragraph(2),
    thumbnail: b.media(),
    ...b.videoWithDuration(),
    'playability-start-date': b.date(b.subject.eventDate, 'datetime'),
  }),
  film: (b) => ({
    ...b.editorial(b.variant(FILMS, b.subject.entry), teaserOf(b)),
    synopsis: b.paragraph(3),
    'hero-image': b.media(),
    poster: b.media(b.random.pick(b.subject.images), { main: false }),
    ...b.videoWithDuration(),
    'release-year': b.subject.year,
    genres: b.random.sample(['action-sports', 'adventure', 'documentary'], 2),
    director: b.random.pick(['Sam Adeyemi', 'Ines Moreau', 'Jonas Brandt', 'Keiko Yamada']),
    cast: b.refs('athlete', 1, 3),
    'production-company': 'Media House Studios',
  }),
  'trailer-video': (b) => ({
    ...b.editorial(b.t(TRAILER_TITLE, { name: b.subject.parent?.label ?? b.subject.event }), teaserOf(b)),
    ...b.videoWithDuration(),
    thumbnail: b.media(),
    'trailer-for': b.subject.parent?.ref,
  }),
  'recap-video': (b) => ({
    ...b.editorial(b.t(RECAP_TITLE), teaserOf(b)),
    ...b.videoWithDuration(),
    thumbnail: b.media(),
    'recap-of': b.subject.parent?.ref,
  }),
  'video-channel': (b) => ({
    ...b.editorial(b.t(CHANNEL_TITLE), teaserOf(b)),
    logo: b.media(b.random.pick(b.subject.images), { main: false }),
    'hero-image': b.media(),
    livestream: b.random.chance(0.3) ? { provider: 'rbmn-video', referenceId: b.random.uuid(), mediaType: 'video' } : undefined,
    videos: b.refs('video', 3, 8),
  }),
  collection: (b) => ({
    ...b.editorial(b.t(COLLECTION_TITLE), teaserOf(b)),
    'hero-image': b.media(),
    items: [...b.refs('story', 2, 5), ...b.refs('video', 1, 3), ...b.refs('image-gallery', 0, 2)],
  }),
  'content-hub': (b) => ({
    ...b.editorial(b.t(HUB_TITLE), teaserOf(b)),
    'hero-image': b.media(),
    intro: b.paragraph(2),
    sections: Array.from({ length: b.random.int(2, 3) }, () => ({
      'section-title': b.t(b.random.pick(HEADLINES)),
      'section-teaser': teaserOf(b),
      'section-items': [...b.refs('image-gallery', 1, 2), ...b.refs('story', 1, 3)],
    })),
  }),
  'occasion-campaign': (b) => {
    const season = b.variant(CAMPAIGN_SEASONS, b.subject.n);
    return {
      ...b.editorial(b.t(CAMPAIGN_TITLE, { season: say(season, b.language) }), undefined),
      subheading: teaserOf(b),
      'energy-drink': b.ref('energy-drink'),
      'hero-image': b.media(),
      'key-visual': b.media(b.random.pick(b.subject.images), { main: false }),
      'bg-hex-color-code': b.random.pick(['#0F172A', '#1E3A8A', '#E11D48', '#F59E0B']),
      'campaign-start-date': b.date(b.subject.eventDate),
      'campaign-end-date': b.date(new Date(b.subject.eventDate.getTime() + 60 * DAY)),
      'story-content': [{ type: 'text', value: b.paragraph(2) }],
    };
  },
  'onsite-promotion': (b) => ({
    title: `${b.t(MAGAZINE_PROMOTION)} (${b.subject.year})`,
    'promotion-type': 'e-reader-promotion',
    headline: b.t(MAGAZINE_PROMOTION),
    'promotion-text': shorten(teaserOf(b), 200),
    image: b.media(),
    'button-label': 'Read the mag!',
    link: 'https://magazine.example.com/latest',
    'target-tags': b.refs('tag', 1, 2),
  }),
  'external-content-resource': (b) => ({
    ...b.editorial(b.t(EXTERNAL_TITLE), teaserOf(b)),
    url: `https://www.example.org/rules/${b.subject.discipline.key}`,
    'source-name': 'Example Sports Federation',
    image: b.media(),
  }),
};

/** Which stencils exist before which: references point only to assets made earlier. */
export const BUILD_ORDER: readonly string[] = [
  'discipline', 'content-category', 'tag', 'lsc', 'partner', 'energy-drink',
  'author', 'athlete', 'artist', 'team', 'image',
  'event-series', 'event-profile', 'event-details', 'project-profile',
  'podcast-show', 'podcast-episode', 'show', 'season', 'episode', 'film', 'trailer-video', 'recap-video',
  'video', 'image-gallery', 'story', 'external-content-resource', 'video-channel', 'collection', 'content-hub',
  'occasion-campaign', 'onsite-promotion',
];

/** The parent stencil(s) an asset of a stencil belongs to, and the child-reference input of the parent. */
export const PARENTS: Readonly<Record<string, { stencils: readonly string[]; childInput?: string }>> = {
  'event-details': { stencils: ['event-profile'], childInput: 'event-details' },
  'recap-video': { stencils: ['event-profile'] },
  'podcast-episode': { stencils: ['podcast-show'], childInput: 'episodes' },
  season: { stencils: ['show'], childInput: 'seasons' },
  episode: { stencils: ['season'], childInput: 'episodes' },
  'trailer-video': { stencils: ['film', 'show', 'event-profile'] },
};

/** Event profiles become children of an event series through its `event-profiles` input. */
export const SERIES_CHILDREN = { stencil: 'event-series', childInput: 'event-profiles', child: 'event-profile' } as const;
