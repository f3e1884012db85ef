import { describe, expect, it } from 'vitest';
import { assetEditorPath, homeRouteName, withCarriedQuery } from './routes.ts';

describe('the query-string carry rule of redirects (spec 000 §2)', () => {
  it.each([
    { target: '/help/eaql', previous: '?q=title', expected: '/help/eaql?q=title' },
    { target: '/all-content', previous: '?stencil=story&space=rbcom', expected: '/all-content?stencil=story&space=rbcom' },
    { target: '/all-content?stencil=video', previous: '?stencil=story', expected: '/all-content?stencil=video' },
    { target: '/dashboard', previous: '', expected: '/dashboard' },
    { target: '/dashboard', previous: '?', expected: '/dashboard' },
  ])('$target after $previous gives $expected', ({ target, previous, expected }) => {
    expect(withCarriedQuery(target, previous)).toBe(expected);
  });
});

describe('the home target (spec 000 §2)', () => {
  it('is the dashboard with dashboard access and All Content without', () => {
    expect(homeRouteName(true)).toBe('Dashboard');
    expect(homeRouteName(false)).toBe('AllContent');
  });
});

describe('the asset editor path', () => {
  it('puts id and locale into the path', () => {
    expect(assetEditorPath({ id: '7f0c1d2e-0000-4000-8000-000000000001', locale: 'pt-BR' })).toBe(
      '/assets/7f0c1d2e-0000-4000-8000-000000000001/localizations/pt-BR/edit',
    );
  });
});
