import { INTERNAL_LINK_PREFIX, internalAssetIdOf } from '@editor/domain';

// The form of an internal link is a domain rule: the external URL check skips exactly these links.
export { INTERNAL_LINK_PREFIX, internalAssetIdOf, internalLinkHref, isInternalLinkHref } from '@editor/domain';

/** Spec 002 §4: what an internal link whose asset answers 404 counts as until it is removed or changed. */
export const MISSING_LINKED_ASSET_MESSAGE = 'The linked asset does not exist any more. Remove or change the link.';

/** The class (and data attribute) that marks such a link (spec 002 §4 "invalid-link"). */
export const INVALID_LINK_CLASS = 'invalid-link';

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
