import { RECENTS_LIMIT } from '@editor/domain';
import { useAssetList } from '../../parts/asset-list/useAssetList.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';

export type RecentsTab = 'edited' | 'favorited';

/**
 * Spec 001 §7 Recent edits (`author` = the user, limit 10) and Favorites (`bookmarked=true`, limit 10): the asset
 * search's first page. Being asset lists, a star toggled anywhere updates them (`useToggleBookmark`).
 */
export function useRecents(tab: RecentsTab) {
  const { user } = useCurrentUser();
  const params: Record<string, string> = tab === 'edited' ? { author: user.name, limit: String(RECENTS_LIMIT) } : { bookmarked: 'true', limit: String(RECENTS_LIMIT) };
  return useAssetList(params);
}
