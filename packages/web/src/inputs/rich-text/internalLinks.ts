/** Spec 002 §7: "An internal link URL takes the form /api/v1/assets/{assetId}". */
export const INTERNAL_LINK_PREFIX = '/api/v1/assets/';

/** Spec 002 §4: what an internal link whose asset answers 404 counts as until it is removed or changed. */
export const MISSING_LINKED_ASSET_MESSAGE = 'The linked asset does not exist any more. Remove or change the link.';

/** The class (and data attribute) that marks such a link (spec 002 §4 "invalid-link"). */
export const INVALID_LINK_CLASS = 'invalid-link';

const INTERNAL_HREF = /^\/api\/v1\/assets\/([^/?#]+)$/;

/** The href of an internal link to an asset. */
export function internalLinkHref(assetId: string): string {
  return `${INTERNAL_LINK_PREFIX}${encodeURIComponent(assetId)}`;
}

/** The asset id an internal link points to, or undefined for any other href. */
export function internalAssetIdOf(href: string): string | undefined {
  const match = INTERNAL_HREF.exec(href.trim());
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

export function isInternalLinkHref(href: string): boolean {
  return internalAssetIdOf(href) !== undefined;
}

function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** The ids of the assets a rich-text value links to, each once, in order of appearance. */
export function linkedAssetIds(html: string | undefined): string[] {
  // Most texts link to no asset: skip parsing them.
  if (html === undefined || !html.includes(INTERNAL_LINK_PREFIX)) return [];
  const ids = new Set<string>();
  for (const anchor of parse(html).querySelectorAll('a[href]')) {
    const id = internalAssetIdOf(anchor.getAttribute('href') ?? '');
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/** The HTML with every link to one of `missingIds` marked invalid, for the static view of a text. */
export function markInvalidLinks(html: string, missingIds: ReadonlySet<string>): string {
  if (missingIds.size === 0 || !html.includes(INTERNAL_LINK_PREFIX)) return html;
  const root = parse(html);
  for (const anchor of root.querySelectorAll('a[href]')) {
    const id = internalAssetIdOf(anchor.getAttribute('href') ?? '');
    if (id === undefined || !missingIds.has(id)) continue;
    anchor.classList.add(INVALID_LINK_CLASS);
    anchor.setAttribute('data-invalid-link', '');
  }
  const container = document.createElement('div');
  container.append(root);
  return container.innerHTML;
}
