import { EAQL_LIMITS, MAX_PAGE_SIZE, resolveLocale, type AssetListItem, type AssetListResponse } from '@editor/domain';
import type { ApiClient } from '../../api/client.ts';
import { listPath } from './listFilters.ts';

/** A value in EAQL double quotes (spec 002 §2: \" for a quote, \\ for a backslash). */
function quoted(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

const PREFIX = 'id in (';
const SUFFIX = ')';

/**
 * The list call's EAQL queries (`id in ("a", "b")`) that together find every version of these assets. One query
 * serves a field's references unless they pass the EAQL limits on length or listed values.
 */
export function idQueries(ids: readonly string[]): string[] {
  const queries: string[] = [];
  let chunk: string[] = [];
  let length = PREFIX.length + SUFFIX.length;
  for (const id of ids) {
    const value = quoted(id);
    const added = value.length + (chunk.length > 0 ? 2 : 0);
    if (chunk.length > 0 && (length + added > EAQL_LIMITS.maxLength || chunk.length >= EAQL_LIMITS.maxInValues)) {
      queries.push(`${PREFIX}${chunk.join(', ')}${SUFFIX}`);
      chunk = [];
      length = PREFIX.length + SUFFIX.length;
    }
    length += value.length + (chunk.length > 0 ? 2 : 0);
    chunk.push(value);
  }
  if (chunk.length > 0) queries.push(`${PREFIX}${chunk.join(', ')}${SUFFIX}`);
  return queries;
}

/**
 * For each asset, its version most relevant to the locale (spec 000 §4 fallback: exact, same language, any en, then
 * the first), among the versions the list answered; the asset's own locale order decides "the first". Assets keep
 * the order in which they first appear.
 */
export function mostRelevantVersions(items: readonly AssetListItem[], locale: string): Map<string, AssetListItem> {
  const byId = new Map<string, AssetListItem[]>();
  for (const item of items) byId.set(item.id, [...(byId.get(item.id) ?? []), item]);
  const chosen = new Map<string, AssetListItem>();
  for (const [id, versions] of byId) {
    const answered = new Set(versions.map((version) => version.localization));
    const order = versions[0]?._embedded.about._meta.localizations.map((entry) => entry.localization).filter((entry) => answered.has(entry)) ?? [];
    const locales = [...order, ...[...answered].filter((entry) => !order.includes(entry))];
    const best = resolveLocale(locale, locales);
    const version = versions.find((candidate) => candidate.localization === best);
    if (version) chosen.set(id, version);
  }
  return chosen;
}

/** Every version of these assets the list call (spec 001 §7) answers, following its page links. */
export async function fetchVersionsOf(api: ApiClient, ids: readonly string[], signal: AbortSignal): Promise<AssetListItem[]> {
  const chunks = await Promise.all(
    idQueries(ids).map(async (q) => {
      const items: AssetListItem[] = [];
      let path: string | undefined = listPath({ q, limit: String(MAX_PAGE_SIZE) });
      while (path) {
        const page: AssetListResponse = await api.request({ path, response: 'assetListResponse', signal });
        items.push(...page._embedded.item);
        path = page._links.next?.href;
      }
      return items;
    }),
  );
  return chunks.flat();
}
