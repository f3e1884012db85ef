import { describe, expect, it } from 'vitest';
import { ALL_TAG, checkContentShape, validateContent } from '@editor/domain';
import { DEFAULT_LOCALES, DEFAULT_SPACES } from '../config.ts';
import { STENCILS_DIR, loadStencils } from '../modules/stencils/loadStencils.ts';
import { mediaReferenceIdsOf } from '../modules/media-archive/assetUse.ts';
import { DEMO_ARCHIVE_AUDIO, DEMO_ARCHIVE_VIDEOS } from './demoArchiveMedia.ts';
import type { DemoImage } from './demoImages.ts';
import { planDemoContent, type DemoPlanOptions } from './demoPlan.ts';

const stencils = loadStencils(STENCILS_DIR);
const byName = new Map(stencils.map((stencil) => [stencil.name, stencil]));
const images: DemoImage[] = Array.from({ length: 24 }, (_, index) => ({
  referenceId: `landscape-${index}`,
  width: 1600,
  height: 900,
  imageFormat: 'jpg',
  landscape: 'alpine',
  light: 'dawn',
}));
const options: DemoPlanOptions = {
  seed: 1,
  versions: 640,
  now: new Date('2026-03-01T12:00:00.000Z'),
  stencils,
  spaces: DEFAULT_SPACES,
  localizations: DEFAULT_LOCALES,
  features: [],
  images,
};
const plan = planDemoContent(options);
const values = (json: string) => Object.fromEntries(Object.entries(JSON.parse(json) as Record<string, { value: unknown }>).map(([name, input]) => [name, input.value]));

describe('demo content plan', () => {
  it('is the same for the same seed and differs for another', () => {
    expect(planDemoContent(options)).toEqual(plan);
    const other = planDemoContent({ ...options, seed: 2 });
    expect(other.assets.map((asset) => asset.id)).not.toEqual(plan.assets.map((asset) => asset.id));
  });

  it("names only the demo archive's videos and audio files, with their durations as the container's", () => {
    const archived = new Map<string, number>([...DEMO_ARCHIVE_VIDEOS, ...DEMO_ARCHIVE_AUDIO].map((media) => [media.id, media.seconds]));
    let withMedia = 0;
    for (const row of plan.localizations) {
      const content = values(row.content);
      for (const name of ['video', 'audio']) {
        const media = content[name] as { referenceId: string; duration: number } | undefined;
        if (!media || !['video', 'film', 'episode', 'trailer-video', 'recap-video', 'podcast-episode'].includes(row.stencil)) continue;
        withMedia++;
        expect(archived.get(media.referenceId), `${row.stencil} ${name}`).toBe(media.duration);
        expect(content.duration).toBe(media.duration);
      }
      const named = mediaReferenceIdsOf(JSON.parse(row.content)).filter((id) => !id.startsWith('landscape-'));
      const livestream = (content.livestream as { referenceId?: string } | undefined)?.referenceId;
      expect(named.filter((id) => id !== livestream && !archived.has(id)), `${row.stencil} names media the archive lacks`).toEqual([]);
    }
    expect(withMedia).toBeGreaterThan(20);
  });

  it('grows with the number of versions asked for', () => {
    expect(plan.localizations.length).toBeGreaterThanOrEqual(640);
    expect(planDemoContent({ ...options, versions: 1500 }).localizations.length).toBeGreaterThanOrEqual(1500);
  });

  it('stores only content of the right shape, and breaks validation rules only where it means to', () => {
    const broken = new Set(plan.broken.map((entry) => `${entry.id}-${entry.locale}`));
    expect(broken.size).toBeGreaterThan(5);
    for (const row of plan.localizations) {
      const stencil = byName.get(row.stencil);
      if (!stencil) throw new Error(`unknown stencil ${row.stencil}`);
      const content = values(row.content);
      expect(checkContentShape(stencil, content), `${row.stencil} ${row.asset_id}-${row.locale}`).toBeUndefined();
      const errors = validateContent(stencil, content);
      expect(errors.length > 0, `${row.stencil} ${row.asset_id}-${row.locale}: ${JSON.stringify(errors)}`).toBe(broken.has(`${row.asset_id}-${row.locale}`));
      expect(row.error_count).toBe(errors.length);
    }
  });

  it('references only assets of the demo, of the stencils the inputs allow', () => {
    const ids = new Set(plan.assets.map((asset) => asset.id));
    expect(plan.references.length).toBeGreaterThan(plan.localizations.length);
    expect(plan.references.filter((reference) => !ids.has(reference.target_id))).toEqual([]);
  });

  it('reads like editorial content: no placeholders left, no lorem ipsum', () => {
    for (const row of plan.localizations) {
      expect(row.content, row.title).not.toMatch(/\{[a-z]+\}|\b(lorem|ipsum|undefined|null)\b|\bNaN\b/i);
    }
    const titles = plan.localizations.filter((row) => row.stencil === 'story').map((row) => row.title);
    expect(new Set(titles).size).toBeGreaterThan(titles.length / 2);
  });

  it('writes history in order, numbered like the versions, within the last 18 months', () => {
    const earliest = new Date('2024-08-01T00:00:00.000Z').toISOString();
    for (const row of plan.localizations) {
      const entries = plan.history.filter((entry) => entry.asset_id === row.asset_id && entry.locale === row.locale);
      expect(entries.map((entry) => entry.version)).toEqual(Array.from({ length: row.version }, (_, index) => index + 1));
      expect(entries.map((entry) => entry.at)).toEqual(entries.map((entry) => entry.at).toSorted());
      expect(entries[0]?.at).toBe(row.created_at);
      expect(entries.at(-1)?.at).toBe(row.updated_at);
      expect(row.created_at >= earliest && row.updated_at <= options.now.toISOString()).toBe(true);
    }
  });

  it('gives every version its lifecycle: executed publishes and unpublishes of the history, scheduled ones for future dates', () => {
    const now = options.now.toISOString();
    const byVersion = new Map<string, typeof plan.transitions>();
    for (const row of plan.transitions) byVersion.set(`${row.asset_id} ${row.locale}`, [...(byVersion.get(`${row.asset_id} ${row.locale}`) ?? []), row]);
    for (const row of plan.localizations) {
      const transitions = byVersion.get(`${row.asset_id} ${row.locale}`) ?? [];
      const executed = transitions.filter((entry) => entry.status === 'EXECUTED');
      const scheduled = transitions.filter((entry) => entry.status === 'SCHEDULED');
      const expectedExecuted = { draft: [], published: ['PUBLISHED'], unpublished: ['PUBLISHED', 'UNPUBLISHED'] }[row.status as 'draft' | 'published' | 'unpublished'];
      expect(executed.map((entry) => entry.transition_to), `${row.asset_id} ${row.locale} ${row.status}`).toEqual(expectedExecuted);
      expect(executed[0]?.executed_at ?? null).toBe(row.first_published_at);
      for (const entry of executed) expect(entry.due_at <= now && entry.due_at === entry.executed_at).toBe(true);
      const expectedScheduled = [
        ...(row.publish_start && row.publish_start > now ? [['PUBLISHED', row.publish_start]] : []),
        ...(row.publish_end && row.publish_end > now ? [['UNPUBLISHED', row.publish_end]] : []),
      ];
      expect(scheduled.map((entry) => [entry.transition_to, entry.due_at])).toEqual(expectedScheduled);
    }
    expect(new Set(plan.transitions.map((row) => row.id)).size).toBe(plan.transitions.length);
    expect(plan.transitions.filter((row) => row.status === 'SCHEDULED' && row.transition_to === 'PUBLISHED').length).toBeGreaterThan(5);
    expect(plan.transitions.filter((row) => row.status === 'SCHEDULED' && row.transition_to === 'UNPUBLISHED').length).toBeGreaterThan(5);
  });

  it("has the all-tag of 'Target all' under its fixed id, in every space, and in no content as an ordinary tag (spec 002 §5)", () => {
    expect(plan.assets.find((asset) => asset.id === ALL_TAG.id)?.stencil).toBe('tag');
    expect(plan.localizations.filter((row) => row.asset_id === ALL_TAG.id).map((row) => [row.locale, row.title])).toEqual([['en', 'All']]);
    expect(plan.spaces.filter((row) => row.asset_id === ALL_TAG.id).map((row) => row.space).toSorted()).toEqual([...DEFAULT_SPACES].toSorted());
    expect(plan.references.filter((row) => row.target_id === ALL_TAG.id)).toEqual([]);
  });
});
