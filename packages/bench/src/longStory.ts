import { HEADLINES, QUOTES, SENTENCES, fill, paragraph, type Phrase } from '@editor/server/src/demo/demoTexts.ts';

const PLACES = ['Mostar', 'Polignano a Mare', 'Boston', 'Oslo', 'Sisikon', 'Beirut', 'Kragerø'];
const ATHLETES = ['Lena Brandt', 'Jonas Weber', 'Aiko Tanaka', 'Mateo Silva', 'Freya Lind'];
const EVENTS = ['the World Series final', 'the season opener', 'the Nationals', 'the Invitational'];
const DISCIPLINES = ['Cliff diving', 'Freeride', 'Kayaking'];

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;
const english = (phrase: Phrase | undefined) => phrase?.en ?? '';

/** A live-blog time stamp, different for every paragraph, so each paragraph can be found by its start. */
const timeOf = (index: number) => {
  const minutes = 8 * 60 + index * 2;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** Three to five demo sentences after the time stamp: 250 to 450 characters, like a paragraph of a long read. */
function paragraphText(index: number): { text: string; start: string } {
  const values = { place: pick(PLACES, index), athlete: pick(ATHLETES, index * 3), event: pick(EVENTS, index), discipline: pick(DISCIPLINES, index), year: 2026 };
  const sentences = Array.from({ length: 3 + (index % 3) }, (_, offset) => fill(english(pick(SENTENCES, index + offset)), values));
  const start = `${timeOf(index)} – ${sentences[0] ?? ''}`;
  return { text: [start, ...sentences.slice(1)].join(' '), start };
}

export interface LongStory {
  content: Record<string, { value: unknown }>;
  /** The opening words of the first and of the middle text paragraph, each unique in the story. */
  firstParagraphStart: string;
  middleParagraphStart: string;
}

/**
 * A story with `elements` story-content elements: mostly text paragraphs, with a headline every ten, a quote every
 * twenty-five and an embedded story every forty, as the story stencil allows.
 */
export function buildLongStory(input: { elements: number; embedded: { id: string; stencil: string } }): LongStory {
  const starts: Array<{ index: number; start: string }> = [];
  const elements = Array.from({ length: input.elements }, (_, index) => {
    if (index % 40 === 20) return { type: 'embedded-content', value: input.embedded };
    if (index % 25 === 12) return { type: 'quote', value: [english(pick(QUOTES, index)), pick(ATHLETES, index)] };
    if (index % 10 === 5) return { type: 'headline', value: { 'headline-text': english(pick(HEADLINES, index)) } };
    const { text, start } = paragraphText(index);
    starts.push({ index, start });
    return { type: 'text', value: paragraph(text) };
  });
  const middle = starts.reduce((best, candidate) => (Math.abs(candidate.index - input.elements / 2) < Math.abs(best.index - input.elements / 2) ? candidate : best));
  return {
    content: {
      title: { value: 'Cliff Diving World Series: the whole day in Mostar' },
      teaser: { value: 'Twenty-seven metres above the Neretva, the best divers in the world open the season. We followed every dive.' },
      'story-content': { value: elements },
    },
    firstParagraphStart: starts[0]?.start ?? '',
    middleParagraphStart: middle.start,
  };
}
