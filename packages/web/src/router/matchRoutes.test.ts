import { describe, expect, it } from 'vitest';
import { matchPath, matchRoutes, type RouteObject } from './matchRoutes.ts';

const routes: RouteObject[] = [
  { path: '/login' },
  {
    id: 'Main',
    path: '/',
    children: [
      { id: 'Home', index: true },
      { id: 'AllContent', path: '/all-content' },
      { id: 'Editor', path: '/assets/:id/localizations/:locale/edit' },
      { id: 'Help', path: '/help', children: [{ id: 'HelpIndex', index: true }, { id: 'Eaql', path: 'eaql' }] },
      { id: 'Rest', path: '*' },
    ],
  },
];

const idsOf = (pathname: string) => matchRoutes(routes, pathname)?.map((match) => match.route.id ?? match.route.path);

describe('matchRoutes', () => {
  it.each([
    ['/login', ['/login']],
    ['/', ['Main', 'Home']],
    ['/all-content', ['Main', 'AllContent']],
    ['/All-Content/', ['Main', 'AllContent']],
    ['/help', ['Main', 'Help', 'HelpIndex']],
    ['/help/eaql', ['Main', 'Help', 'Eaql']],
    ['/all-content/extra', ['Main', 'Rest']],
    ['/nowhere', ['Main', 'Rest']],
  ])('finds the branch for %s', (pathname, ids) => {
    expect(idsOf(pathname)).toEqual(ids);
  });

  it('decodes parameters and passes them to the whole branch', () => {
    const matches = matchRoutes(routes, '/assets/a%20b/localizations/pt-BR/edit');
    expect(matches?.at(-1)?.params).toEqual({ id: 'a b', locale: 'pt-BR' });
    expect(matches?.at(-1)?.pathname).toBe('/assets/a%20b/localizations/pt-BR/edit');
  });

  it('gives the rest of the path to a catch-all', () => {
    expect(matchRoutes(routes, '/a/b')?.at(-1)?.params).toEqual({ '*': 'a/b' });
  });

  it('matches nothing when no route fits', () => {
    expect(matchRoutes([{ path: '/only' }], '/other')).toBeNull();
  });
});

describe('matchPath', () => {
  it('matches the whole path only', () => {
    expect(matchPath('/assets/:id/edit', '/assets/7/edit')?.params).toEqual({ id: '7' });
    expect(matchPath('/assets/:id/edit', '/assets/7/edit/more')).toBeNull();
    expect(matchPath('/assets/:id/edit', '/assets//edit')).toBeNull();
  });
});
