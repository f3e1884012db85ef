import {
  anchorFragmentOf,
  assetReferenceSchema,
  dateTimeValueSchema,
  imagePlacementOf,
  isRecord,
  mediaValueSchema,
  paragraphAnchorOf,
  urlFragmentOf,
  type AssetReference,
  type ImageOrientation,
  type ImagePlacementSize,
  type InputDefinition,
} from '@editor/domain';
import { safeAddress } from './sanitizeHtml.ts';

/** An asset a story element points to, as far as these elements show it (its title). */
interface NamedAsset {
  title: string;
}

/** What building an element needs besides its value: the story's items (anchors), looked-up assets, image URLs. */
export interface ElementContext {
  items: readonly unknown[];
  assets: ReadonlyMap<string, NamedAsset>;
  imageUrlOf: (value: unknown) => string | undefined;
}

/** An interview answer: who answers (a linked person or a name) and the answer's paragraphs. */
export interface PreviewAnswer {
  name?: string | undefined;
  paragraphs: string[];
}

/** Story elements beyond text, headline, quote, lists, embedded content and images; rich text stays raw. */
export type StoryBlockElement =
  | { kind: 'box'; variant: 'fact' | 'tip'; title?: string | undefined; paragraphs: string[]; author?: string | undefined }
  | { kind: 'interview'; question?: string | undefined; answers: PreviewAnswer[] }
  | { kind: 'couple'; imageUrls: string[] }
  | { kind: 'text-image'; html: string; imageUrl?: string | undefined; orientation: ImageOrientation; size: ImagePlacementSize }
  | { kind: 'fact-content'; title?: string | undefined; items: Array<{ headline?: string | undefined; paragraphs: string[] }> }
  | { kind: 'info-blocks'; title?: string | undefined; layout: 'rail' | 'stack'; blocks: Array<{ title: string; html?: string | undefined; imageUrl?: string | undefined }> }
  | { kind: 'accordion'; title?: string | undefined; sections: Array<{ title: string; html: string }> }
  | { kind: 'legal'; html: string }
  | { kind: 'schedule'; title?: string | undefined; items: Array<{ when: string; title: string; html?: string | undefined }> }
  | { kind: 'cta'; variant: string; label: string; href?: string | undefined }
  | { kind: 'media'; label: string; title: string };

type Fields = Readonly<Record<string, unknown>>;


const fieldsOf = (value: unknown): Fields => (isRecord(value) ? value : {});
const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const htmlOf = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Plain text of a text or rich-text value, one line; undefined when empty. */
function plainOf(value: unknown): string | undefined {
  const text = htmlOf(value).replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}
const paragraphsOf = (value: unknown): string[] => listOf(value).map(htmlOf).filter((html) => html !== '');

function referenceOf(value: unknown): AssetReference | undefined {
  const parsed = assetReferenceSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The asset references of one story item this module shows by name (interview persons, tip authors, galleries). */
export function storyElementReferences(item: unknown): AssetReference[] {
  if (!isRecord(item)) return [];
  const fields = fieldsOf(item.value);
  const candidates: unknown[] = [];
  switch (item.type) {
    case 'interview':
      candidates.push(...listOf(fields['interview-answers']).map((answer) => fieldsOf(answer)['interview-answer-person']));
      break;
    case 'interview-answer':
      candidates.push(fields['interview-answer-person']);
      break;
    case 'tip':
      candidates.push(fieldsOf(fields['tip-content'])['tip-content-link']);
      break;
    case 'image-gallery':
      candidates.push(item.value);
      break;
  }
  return candidates.flatMap((candidate) => referenceOf(candidate) ?? []);
}

function answerOf(value: unknown, assets: ElementContext['assets']): PreviewAnswer | undefined {
  const fields = fieldsOf(value);
  const person = referenceOf(fields['interview-answer-person']);
  const paragraphs = paragraphsOf(fields['interview-answer-text']);
  if (paragraphs.length === 0) return undefined;
  return { name: (person ? assets.get(person.id)?.title : undefined) ?? plainOf(fields['interview-answer-name']), paragraphs };
}

function infoBlockOf(value: unknown, imageUrlOf: ElementContext['imageUrlOf']) {
  const fields = fieldsOf(value);
  const title = plainOf(fields['info-block-title']);
  return title === undefined ? undefined : { title, html: htmlOf(fields['info-block-text']) || undefined, imageUrl: imageUrlOf(fields['info-block-image']) };
}

/** Spec 002 §3, §9: an info block group's layout from its item's `_meta.style` (Vertical, a stack, unless set to rail). */
function layoutOf(item: unknown): 'rail' | 'stack' {
  const style = isRecord(item) ? fieldsOf(fieldsOf(item._meta).style) : {};
  return fieldsOf(style.attributes).displayType === 'rail' ? 'rail' : 'stack';
}

/** A date-time value as the site shows it: the day, with the time in its zone unless date-only. */
export function whenOf(value: unknown): string | undefined {
  const parsed = dateTimeValueSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { date, isDateOnly, timezone } = parsed.data;
  const instant = new Date(isDateOnly && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00Z` : date);
  if (Number.isNaN(instant.getTime())) return date;
  const options: Intl.DateTimeFormatOptions = isDateOnly
    ? { dateStyle: 'medium', timeZone: 'UTC' }
    : { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone };
  try {
    return new Intl.DateTimeFormat('en-GB', options).format(instant);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(instant);
  }
}

/** The button labels the promotion call to action falls back to (the stencil's hint names them). */
const PROMOTION_LABELS: Readonly<Record<string, string>> = {
  'e-reader-promotion': 'Read the mag!',
  'hub-index-promotion': 'See more',
  'subscription-promotion': 'Get the mag!',
};

/**
 * Where a call to action's button leads: its address when it is an http(s), mailto or tel address or a path of the
 * site; a `javascript:` or `data:` address (which would run in the page) leads nowhere, and the button shows as text.
 */
function ctaAddressOf(value: unknown): string | undefined {
  const text = plainOf(value);
  return text === undefined ? undefined : safeAddress(text);
}

function ctaOf(choice: string, value: unknown, items: readonly unknown[]): StoryBlockElement | undefined {
  const fields = fieldsOf(value);
  const label = plainOf(fields['cta-label']);
  switch (choice) {
    case 'cta-link': {
      const href = ctaAddressOf(listOf(fields['cta-url'])[1]);
      return label === undefined ? undefined : { kind: 'cta', variant: choice, label, href };
    }
    case 'cta-anchor': {
      // Spec 002 §4 anchors: the button jumps to the paragraph that carries its anchor.
      const anchorKey = plainOf(fields['cta-anchor-target']);
      const fragment = anchorKey === undefined ? undefined : anchorFragmentOf(items, anchorKey);
      return label === undefined ? undefined : { kind: 'cta', variant: choice, label, href: fragment === undefined ? undefined : `#${fragment}` };
    }
    case 'cta-promotion': {
      const kind = plainOf(fields['cta-promotion-kind']);
      const shown = label ?? (kind === undefined ? undefined : PROMOTION_LABELS[kind]);
      return shown === undefined ? undefined : { kind: 'cta', variant: choice, label: shown, href: ctaAddressOf(fields['cta-promotion-url']) };
    }
    case 'cta-fullscreen-engagement':
      return label === undefined ? undefined : { kind: 'cta', variant: choice, label };
    default:
      return undefined;
  }
}

/** An audio, video or results embed: its label and the media's title (or reference id); the site plays it. */
function mediaOf(choice: InputDefinition, value: unknown): StoryBlockElement | undefined {
  const media = mediaValueSchema.safeParse(value);
  if (!media.success) return undefined;
  const title = media.data.attributes?.title;
  return { kind: 'media', label: choice.view.label, title: typeof title === 'string' && title !== '' ? title : media.data.referenceId };
}

/**
 * The preview element of one story item of the types this module draws (spec 002 §5 element types); undefined for
 * an empty one and for types drawn elsewhere.
 */
export function storyElementOf(choice: InputDefinition, item: unknown, context: ElementContext): StoryBlockElement | undefined {
  const { assets, imageUrlOf, items } = context;
  const value = isRecord(item) ? item.value : undefined;
  const fields = fieldsOf(value);
  switch (choice.name) {
    case 'fact': {
      const paragraphs = [htmlOf(fields['fact-text'])].filter((html) => html !== '');
      return paragraphs.length === 0 ? undefined : { kind: 'box', variant: 'fact', title: plainOf(fields['fact-title']), paragraphs };
    }
    case 'tip': {
      const content = fieldsOf(fields['tip-content']);
      const paragraphs = paragraphsOf(content['tip-content-text']);
      const link = referenceOf(content['tip-content-link']);
      const author = (link ? assets.get(link.id)?.title : undefined) ?? plainOf(content['tip-content-author']);
      return paragraphs.length === 0 ? undefined : { kind: 'box', variant: 'tip', title: plainOf(fields['tip-title']), paragraphs, author };
    }
    case 'interview': {
      const answers = listOf(fields['interview-answers']).flatMap((answer) => answerOf(answer, assets) ?? []);
      const question = plainOf(fields['interview-question']);
      return question === undefined && answers.length === 0 ? undefined : { kind: 'interview', question, answers };
    }
    case 'interview-answer': {
      const answer = answerOf(value, assets);
      return answer ? { kind: 'interview', answers: [answer] } : undefined;
    }
    case 'couple': {
      const imageUrls = [imageUrlOf(fields['couple-left-image']), imageUrlOf(fields['couple-right-image'])].flatMap((url) => url ?? []);
      return imageUrls.length === 0 ? undefined : { kind: 'couple', imageUrls };
    }
    case 'couple-right-image': {
      const html = htmlOf(fields['couple-text']);
      const imageUrl = imageUrlOf(fields['couple-image']);
      const style = isRecord(item) && isRecord(item._meta) ? item._meta.style : undefined;
      return html === '' && imageUrl === undefined ? undefined : { kind: 'text-image', html, imageUrl, ...imagePlacementOf(style) };
    }
    case 'fact-content': {
      const facts = listOf(fields['fact-content-container']).flatMap((fact) => {
        const factFields = fieldsOf(fact);
        const paragraphs = paragraphsOf(factFields['fact-content-text']);
        return paragraphs.length === 0 ? [] : [{ headline: plainOf(factFields['fact-content-headline']), paragraphs }];
      });
      return facts.length === 0 ? undefined : { kind: 'fact-content', title: plainOf(fields['fact-content-title']), items: facts };
    }
    case 'info-block-group': {
      const blocks = listOf(fields['info-blocks']).flatMap((block) => infoBlockOf(block, imageUrlOf) ?? []);
      return blocks.length === 0 ? undefined : { kind: 'info-blocks', title: plainOf(fields['info-block-group-title']), layout: layoutOf(item), blocks };
    }
    case 'info-block': {
      const block = infoBlockOf(value, imageUrlOf);
      return block ? { kind: 'info-blocks', layout: 'stack', blocks: [block] } : undefined;
    }
    case 'accordion': {
      const sections = listOf(fields['accordion-items']).flatMap((section) => {
        const sectionFields = fieldsOf(section);
        const title = plainOf(sectionFields['accordion-item-title']);
        return title === undefined ? [] : [{ title, html: htmlOf(sectionFields['accordion-item-text']) }];
      });
      return sections.length === 0 ? undefined : { kind: 'accordion', title: plainOf(fields['accordion-title']), sections };
    }
    case 'legal-disclaimer':
      return htmlOf(value) === '' ? undefined : { kind: 'legal', html: htmlOf(value) };
    case 'schedule': {
      const entries = listOf(fields['schedule-items']).flatMap((entry) => {
        const entryFields = fieldsOf(entry);
        const title = plainOf(entryFields['schedule-item-title']);
        const when = whenOf(entryFields['schedule-item-date']);
        return title === undefined || when === undefined ? [] : [{ when, title, html: htmlOf(entryFields['schedule-item-text']) || undefined }];
      });
      return entries.length === 0 ? undefined : { kind: 'schedule', title: plainOf(fields['schedule-title']), items: entries };
    }
    case 'audio':
    case 'video':
    case 'results-and-standings':
      return mediaOf(choice, value);
    default:
      return choice.name.startsWith('cta-') ? ctaOf(choice.name, value, items) : undefined;
  }
}

/** Spec 002 §4 anchors: the id a paragraph carries on the page, its anchor's url fragment. */
export function paragraphIdOf(item: unknown): string | undefined {
  return paragraphAnchorOf(item)?.urlFragment;
}

/** A chapter headline (spec 002 §4 the headline-chapter anchor toggle) is a jump target: its id from its text. */
export function chapterIdOf(value: unknown, text: string): string | undefined {
  return fieldsOf(value)['headline-chapter'] === true ? urlFragmentOf(text) : undefined;
}

/** The element types `storyElementOf` draws: an empty one of these shows nothing rather than a labelled box. */
export const STORY_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'fact',
  'tip',
  'interview',
  'interview-answer',
  'couple',
  'couple-right-image',
  'fact-content',
  'info-block-group',
  'info-block',
  'accordion',
  'legal-disclaimer',
  'schedule',
  'audio',
  'video',
  'results-and-standings',
  'cta-link',
  'cta-anchor',
  'cta-promotion',
  'cta-fullscreen-engagement',
]);
