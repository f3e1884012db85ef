import { countryOfLocale } from '@editor/domain';
import type { MediaValue, StencilDefinition } from '@editor/domain';
import { DEMO_ARCHIVE_AUDIO, DEMO_ARCHIVE_VIDEOS } from './demoArchiveMedia.ts';
import type { DemoImage } from './demoImages.ts';
import type { Random } from './random.ts';
import { AUTHORS, FACT_TITLE, HEADLINES, QUOTES, SENTENCES, fill, languageOf, paragraph, say, shorten, slugify, type Discipline, type Language, type Phrase, type Place } from './demoTexts.ts';

export interface DemoRef {
  id: string;
  stencil: string;
}

/** What an asset is about; shared by all its locales, so that only the language differs between them. */
export interface Subject {
  discipline: Discipline;
  place: Place;
  athlete: { name: string; ref?: DemoRef | undefined };
  artist: { name: string; ref?: DemoRef | undefined };
  event: string;
  eventDate: Date;
  year: number;
  /** A small number: "n things", episode and season numbers. */
  n: number;
  /** Which title and teaser template; a history entry may show an earlier wording. */
  titleVariant: number;
  teaserVariant: number;
  image: DemoImage;
  images: DemoImage[];
  uncropped: boolean;
  geoblocked: boolean;
  /** For assets made from a fixed list (taxonomy, people, shows): the entry's index. */
  entry: number;
  /** The asset this one belongs to (a season's show, an episode's season, an event's details...). */
  parent?: PlannedAssetSummary | undefined;
}

export interface PlannedAssetSummary {
  ref: DemoRef;
  subject: Subject;
  /** Its English title. */
  label: string;
}

/** Assets made so far, for references. */
export interface ContentPools {
  byStencil(stencil: string): readonly PlannedAssetSummary[];
  disciplineRef(key: string): DemoRef | undefined;
  categoryRef(key: string): DemoRef | undefined;
}

export interface BuildInput {
  stencil: StencilDefinition;
  locale: string;
  subject: Subject;
  pools: ContentPools;
  /** A generator made afresh for every locale of one asset: every locale draws the same numbers. */
  random: Random;
}

export type Values = Record<string, unknown>;

function cropRatios(image: DemoImage, random: Random): NonNullable<MediaValue['ratios']> {
  const ratios: NonNullable<MediaValue['ratios']> = {};
  for (const [name, across, down] of [['16x9', 16, 9], ['3x2', 3, 2], ['4x3', 4, 3], ['1x1', 1, 1]] as const) {
    const width = Math.min(image.width, Math.floor((image.height * across) / down));
    const height = Math.min(image.height, Math.floor((width * down) / across));
    const x = random.int(0, image.width - width);
    const y = random.int(0, image.height - height);
    ratios[name] = { p1: { x, y }, p2: { x: x + width, y: y + height } };
  }
  return ratios;
}

const NEIGHBOURS = ['AT', 'CH', 'DE', 'FR', 'GB', 'IT', 'ES', 'US', 'JP', 'BR', 'NL', 'PL'];

/** Everything a stencil's content builder needs: texts in the locale's language, media values and references. */
export class ContentBuilder {
  readonly language: Language;
  constructor(readonly input: BuildInput) {
    this.language = languageOf(input.locale);
  }

  get subject(): Subject {
    return this.input.subject;
  }

  get random(): Random {
    return this.input.random;
  }

  /** A phrase in the locale's language with the subject's names filled in. */
  t(phrase: Phrase, extra: Readonly<Record<string, string | number>> = {}): string {
    const s = this.subject;
    return fill(say(phrase, this.language), {
      athlete: s.athlete.name,
      artist: s.artist.name,
      place: say(s.place.name, this.language),
      discipline: say(s.discipline.name, this.language),
      event: s.event,
      year: s.year,
      n: s.n,
      ...extra,
    });
  }

  variant<T>(list: readonly T[], offset: number): T {
    return list[offset % list.length] as T;
  }

  private sentence: number | undefined;

  /** Sentences follow each other through the list, so the paragraphs of one text do not repeat soon. */
  paragraph(count = 2): string {
    this.sentence ??= this.random.int(0, SENTENCES.length - 1);
    const start = this.sentence;
    this.sentence += count;
    return paragraph(Array.from({ length: count }, (_, index) => this.t(this.variant(SENTENCES, start + index))).join(' '));
  }

  /** A media value of our image service; uncropped images have no ratios, geoblocked ones name the locale's country. */
  media(image: DemoImage = this.subject.image, options: { main?: boolean } = { main: true }): MediaValue {
    const ratios = cropRatios(image, this.random);
    const value: MediaValue = { provider: 'cloudinary', referenceId: image.referenceId, mediaType: 'image', width: image.width, height: image.height, imageFormat: image.imageFormat };
    if (!(options.main && this.subject.uncropped)) value.ratios = ratios;
    if (options.main && this.subject.geoblocked) {
      // The worldwide English edition has no country of its own; its blocked list is the neighbours alone.
      const country = countryOfLocale(this.input.locale);
      value.blockedIn = [...new Set([...(country ? [country] : []), ...this.random.sample(NEIGHBOURS, 2)])];
    }
    return value;
  }

  /** A video of the demo archive (demoArchiveMedia.ts), so the editor's player plays it. */
  video(): MediaValue {
    const video = this.random.pick(DEMO_ARCHIVE_VIDEOS);
    return { provider: 'rbmn-video', referenceId: video.id, mediaType: 'video', width: video.width, height: video.height, duration: video.seconds };
  }

  /** A video input's value with its container's duration, the video's own (spec 002 §6). */
  videoWithDuration(): { video: MediaValue; duration: number | undefined } {
    const video = this.video();
    return { video, duration: video.duration };
  }

  /** An audio input's value with its container's duration. */
  audioWithDuration(): { audio: MediaValue; duration: number | undefined } {
    const audio = this.audio();
    return { audio, duration: audio.duration };
  }

  /** An audio file of the demo archive. */
  audio(): MediaValue {
    const audio = this.random.pick(DEMO_ARCHIVE_AUDIO);
    return { provider: 'rbmn-audio', referenceId: audio.id, mediaType: 'audio', duration: audio.seconds };
  }

  refs(stencil: string, min: number, max: number): DemoRef[] {
    const pool = this.input.pools.byStencil(stencil);
    return this.random.sample(pool, this.random.int(min, max)).map((asset) => asset.ref);
  }

  ref(stencil: string): DemoRef | undefined {
    return this.refs(stencil, 1, 1)[0];
  }

  discipline(): DemoRef[] {
    const ref = this.input.pools.disciplineRef(this.subject.discipline.key);
    return ref ? [ref] : [];
  }

  categories(): DemoRef[] {
    const keys = [this.subject.discipline.category === 'gaming' ? 'gaming' : this.subject.discipline.category === 'culture' ? 'culture' : 'sports'];
    if (this.random.chance(0.4)) keys.push(this.random.pick(['lifestyle', 'adventure', 'travel']));
    return keys.flatMap((key) => this.input.pools.categoryRef(key) ?? []);
  }

  date(date: Date, kind: 'date' | 'datetime' = 'date') {
    return { date: kind === 'date' ? date.toISOString().slice(0, 10) : date.toISOString(), isDateOnly: kind === 'date', timezone: this.subject.place.timezone };
  }

  geolocation() {
    return { latitude: this.subject.place.latitude, longitude: this.subject.place.longitude };
  }

  authorship() {
    const author = this.ref('author');
    return author && this.random.chance(0.75) ? [{ type: 'author-link', value: author }] : [{ type: 'author-name', value: this.random.pick(AUTHORS).title }];
  }

  /** Title, teaser, SEO and the usual taxonomy of an editorial asset. */
  editorial(title: string, teaser: string | undefined): Values {
    return {
      title,
      teaser,
      'uri-title': this.slug(title),
      'seo-title': this.random.chance(0.7) ? shorten(title, 60) : undefined,
      'seo-description': teaser && this.random.chance(0.6) ? shorten(teaser, 160) : undefined,
      disciplines: this.discipline(),
      'content-categories': this.categories(),
      tags: this.refs('tag', 0, 2),
    };
  }

  /** A URI title; a title in another script gets the slug of its subject. */
  slug(title: string): string {
    const slug = slugify(title);
    // No random draw here: every locale of an asset must draw the same numbers.
    return slug.length >= 8 ? slug : slugify(`${this.subject.event} ${this.subject.year} ${this.input.locale}`);
  }

  storyContent(length: number): unknown[] {
    const elements: unknown[] = [{ type: 'text', value: this.paragraph(3) }];
    const extras = [
      () => ({ type: 'headline', value: { 'headline-text': this.t(this.random.pick(HEADLINES)) } }),
      () => {
        const text = this.t(this.random.pick(QUOTES));
        const { name, ref } = this.subject.athlete;
        // Spec 002 §4: a linked author replaces the author name (left empty: the list keeps its positions).
        return { type: 'quote', value: ref ? [text, '', ref] : [text, name] };
      },
      () => ({ type: 'image', value: this.media(this.random.pick(this.subject.images), { main: false }) }),
      () => ({ type: 'fact', value: { 'fact-title': this.t(FACT_TITLE), 'fact-text': this.paragraph(1) } }),
    ];
    for (let index = 0; index < length; index++) {
      const extra = extras[index % extras.length];
      if (extra) elements.push(extra());
      elements.push({ type: 'text', value: this.paragraph(this.random.int(2, 3)) });
    }
    return elements;
  }
}
