import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../routes';

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.id, index: true }
      : {
          id: entry.id,
          path: entry.path,
          children: entry.children ? toRouteObjects(entry.children) : undefined,
        },
  );
}

const table = toRouteObjects(routes);
const resolve = (path: string) => matchRoutes(table, path)?.map((m) => m.route.id);
const leaf = (path: string) => resolve(path)?.at(-1);

describe('the route table', () => {
  it.each([
    ['/', 'home'],
    ['/es', 'locale:home'],
    ['/pt-br/games/12', 'locale:games-id'],
    ['/questions/faq-x', 'questions-page'],
    ['/static/terms', 'static'],
    ['/es/profile/wallet', 'locale:profile-wallet'],
    ['/auth/social/google/callback', 'social-callback'],
    ['/games', 'games'],
    ['/quests/list', 'quests-list'],
  ])('resolves %s to %s', (path, id) => {
    expect(leaf(path)).toBe(id);
  });

  it('puts login-required pages behind the auth guard in both locale forms', () => {
    expect(resolve('/favorites')).toEqual(['auth-guard', 'favorites']);
    expect(resolve('/pt-br/games/12')).toEqual(['locale', 'locale:auth-guard', 'locale:games-id']);
    expect(resolve('/es/profile/wallet')).toEqual([
      'locale',
      'locale:auth-guard',
      'locale:profile',
      'locale:profile-wallet',
    ]);
  });

  it('puts the lobby behind the games-collection guard', () => {
    expect(resolve('/es/games')).toEqual(['locale', 'locale:games-guard', 'locale:games']);
  });

  it('has no prefixed questions pages: /es/questions falls to the catch-all', () => {
    expect(resolve('/es/questions')).toEqual(['locale', 'locale:catch-all']);
  });

  // `:locale` outranks the unprefixed `*`, so unknown paths reach the locale route, whose loader
  // sends them through the catch-all rules (single-segment static page or 404).
  it('sends unknown paths through the locale route', () => {
    expect(resolve('/some/unknown/path')).toEqual(['locale', 'locale:catch-all']);
    expect(resolve('/terms')).toEqual(['locale', 'locale:home']);
    expect(resolve('/zz/games')).toEqual(['locale', 'locale:games-guard', 'locale:games']);
  });
});
