import { isRecord } from '@editor/domain';

/** Spec 000 §3 hero style: an image input's `_meta.style`, `{ id, attributes: { variation } }`. */
export interface HeroStyle {
  id: string;
  attributes: { variation: string } & Record<string, unknown>;
}

/** Spec 000 §9: the hero layout that stands for "no style". */
export const DEFAULT_HERO_LAYOUT = 'default';

/** Spec 000 §6: hero layouts offered only while a feature flag is on, by layout → flag. */
export const FEATURE_GATED_HERO_LAYOUTS: Readonly<Record<string, string>> = { 'occasion-campaign': 'occasion-campaign-hero' };

/** The hero style an input's meta holds, if it is a well-formed one. */
export function heroStyleOf(meta: Readonly<Record<string, unknown>> | undefined): HeroStyle | undefined {
  const style = meta?.style;
  if (!isRecord(style) || typeof style.id !== 'string' || !isRecord(style.attributes) || typeof style.attributes.variation !== 'string') return undefined;
  return { id: style.id, attributes: { ...style.attributes, variation: style.attributes.variation } };
}

/** The layout a meta shows: its style's variation, else default. */
export function heroLayoutOf(meta: Readonly<Record<string, unknown>> | undefined): string {
  return heroStyleOf(meta)?.attributes.variation ?? DEFAULT_HERO_LAYOUT;
}

/**
 * Spec 000 §9: default plus the input's layouts, without those whose feature flag is off; the layout the input
 * already has stays offered whatever its flag says.
 */
export function offeredHeroLayouts(input: { layouts: readonly string[]; features: readonly string[]; current: string }): string[] {
  const offered = input.layouts.filter((layout) => {
    const flag = FEATURE_GATED_HERO_LAYOUTS[layout];
    return layout === input.current || flag === undefined || input.features.includes(flag);
  });
  return [DEFAULT_HERO_LAYOUT, ...offered.filter((layout) => layout !== DEFAULT_HERO_LAYOUT)];
}

/** What the editor's store offers for hero styles. */
export interface HeroStyleStore {
  metas: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
  removedStyleIds: Readonly<Record<string, string>>;
  setMeta(inputName: string, meta: Readonly<Record<string, unknown>> | undefined): void;
  rememberStyleId(inputName: string, styleId: string): void;
}

/**
 * Spec 000 §4: a layout sets `_meta.style = { id, attributes: { variation } }`; default removes the style and
 * remembers its id, which a later choice reuses (a new id only when the input never had one).
 */
export function chooseHeroLayout(store: HeroStyleStore, input: { name: string; layout: string; newId?: () => string }): void {
  const meta = store.metas[input.name];
  const current = heroStyleOf(meta);
  if (input.layout === DEFAULT_HERO_LAYOUT) {
    if (!current) return;
    store.rememberStyleId(input.name, current.id);
    const { style: _removed, ...rest } = meta ?? {};
    store.setMeta(input.name, Object.keys(rest).length > 0 ? rest : undefined);
    return;
  }
  const id = current?.id ?? store.removedStyleIds[input.name] ?? (input.newId ?? (() => crypto.randomUUID()))();
  store.setMeta(input.name, { ...meta, style: { id, attributes: { ...current?.attributes, variation: input.layout } } });
}
