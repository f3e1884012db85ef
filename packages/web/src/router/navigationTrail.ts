import { matchPath } from './index.ts';
import { ROUTES } from './routes.ts';

/** The pages shown in this tab, newest last (spec 002 §2 'Back to' toast). */
const TRAIL_KEY = 'editor-asset-trail';

interface TrailEntry {
  path: string;
  title: string;
}

function readTrail(): TrailEntry[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(TRAIL_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as TrailEntry[]) : [];
  } catch {
    return [];
  }
}

/** Remembers the path of every page shown in this tab, so the editor knows what came before it. */
export function recordVisit(path: string): void {
  const trail = readTrail();
  if (trail.at(-1)?.path === path) return;
  sessionStorage.setItem(TRAIL_KEY, JSON.stringify([...trail, { path, title: '' }].slice(-20)));
}

/** Gives a visited path the title the user knows it by. */
export function nameVisit(path: string, title: string): void {
  const trail = readTrail().map((entry) => (entry.path === path ? { ...entry, title } : entry));
  sessionStorage.setItem(TRAIL_KEY, JSON.stringify(trail));
}

/** The previous entry, when it was another asset's editor. */
export function previousAssetVisit(currentPath: string): TrailEntry | undefined {
  const trail = readTrail();
  const index = trail.findLastIndex((entry) => entry.path === currentPath);
  const previous = index > 0 ? trail[index - 1] : undefined;
  if (!previous || previous.path === currentPath) return undefined;
  return matchPath(ROUTES.AssetEditor.path, previous.path) ? previous : undefined;
}

