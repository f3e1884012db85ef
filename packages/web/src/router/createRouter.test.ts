import { describe, expect, it } from 'vitest';
import { createMemoryRouter, resolveTo, type BlockerFunction } from './createRouter.ts';
import type { Location } from './history.ts';

const routes = [{ path: '/a' }, { path: '/b' }, { path: '/c' }];
const at = (path: string): Location => ({ ...resolveTo(path, { pathname: '/', search: '', hash: '', state: null, key: 'x' }), state: null, key: 'x' });
const leavesA: BlockerFunction = ({ currentLocation }) => currentLocation.pathname === '/a';
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('resolveTo', () => {
  it('reads absolute paths, a query of its own, and parts that replace the current ones', () => {
    const from = at('/a/b?x=1#top');
    expect(resolveTo('/c?y=2', from)).toEqual({ pathname: '/c', search: '?y=2', hash: '' });
    expect(resolveTo('?y=2', from)).toEqual({ pathname: '/a/b', search: '?y=2', hash: '' });
    expect(resolveTo({ search: 'q=cats' }, from)).toEqual({ pathname: '/a/b', search: '?q=cats', hash: '' });
    expect(resolveTo({ pathname: '/d' }, from)).toEqual({ pathname: '/d', search: '', hash: '' });
  });
});

describe('createRouter', () => {
  it('pushes, replaces and goes back, numbering the entries', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    expect(router.state.historyIndex).toBe(0);
    await router.navigate('/b', { state: { from: 'a' } });
    expect(router.state).toMatchObject({ historyAction: 'PUSH', historyIndex: 1, location: { pathname: '/b', state: { from: 'a' } } });
    await router.navigate('/c', { replace: true });
    expect(router.state).toMatchObject({ historyAction: 'REPLACE', historyIndex: 1, location: { pathname: '/c' } });
    await router.navigate(-1);
    await flush();
    expect(router.state).toMatchObject({ historyAction: 'POP', historyIndex: 0, location: { pathname: '/a' } });
  });

  it('tells its subscribers about each change', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    const seen: string[] = [];
    const unsubscribe = router.subscribe((state) => seen.push(state.location.pathname));
    await router.navigate('/b');
    unsubscribe();
    await router.navigate('/c');
    expect(seen).toEqual(['/b']);
  });

  it('holds a navigation the blocker refuses until the user proceeds, or stays on reset', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    const release = router.block(leavesA);
    await router.navigate('/b');
    expect(router.state.location.pathname).toBe('/a');
    expect(router.state.blocker).toMatchObject({ state: 'blocked', location: { pathname: '/b' } });
    router.state.blocker.reset?.();
    expect(router.state.blocker.state).toBe('unblocked');
    expect(router.state.location.pathname).toBe('/a');
    await router.navigate('/c');
    router.state.blocker.proceed?.();
    expect(router.state.location.pathname).toBe('/c');
    expect(router.state.blocker.state).toBe('unblocked');
    release();
  });

  it('undoes a refused back step at once and redoes it when the user proceeds', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    await router.navigate('/b');
    router.block(({ currentLocation }) => currentLocation.pathname === '/b');
    await router.navigate(-1);
    await flush();
    expect(router.state.blocker).toMatchObject({ state: 'blocked', location: { pathname: '/a' } });
    expect(router.state.location.pathname).toBe('/b');
    expect(router.state.historyIndex).toBe(1);
    router.state.blocker.proceed?.();
    await flush();
    expect(router.state).toMatchObject({ location: { pathname: '/a' }, historyIndex: 0, blocker: { state: 'unblocked' } });
  });

  it('stops blocking once released', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    const release = router.block(() => true);
    await router.navigate('/b');
    expect(router.state.blocker.state).toBe('blocked');
    release();
    expect(router.state.blocker.state).toBe('unblocked');
    await router.navigate('/b');
    expect(router.state.location.pathname).toBe('/b');
  });
});
