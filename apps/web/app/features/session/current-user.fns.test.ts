import { fetchesUserOnRouteChange, routeName } from './current-user.fns';

describe('fetchesUserOnRouteChange (spec §4)', () => {
  it('fetches when the route name changes, whatever the locale copy', () => {
    expect(fetchesUserOnRouteChange('home', 'profile-info', false)).toBe(true);
    expect(fetchesUserOnRouteChange('locale:home', 'locale:games', true)).toBe(true);
  });

  it('does not fetch when only the params or the locale copy changed', () => {
    expect(fetchesUserOnRouteChange('games-id', 'games-id', false)).toBe(false);
    expect(fetchesUserOnRouteChange('profile-info', 'locale:profile-info', false)).toBe(false);
  });

  it('never fetches on the way to an error page', () => {
    for (const to of ['error-403', 'error-404', 'error-500', 'blocked', 'locale:blocked'])
      expect(fetchesUserOnRouteChange('home', to, false)).toBe(false);
  });

  it('leaves the game page alone on a phone only', () => {
    expect(fetchesUserOnRouteChange('games', 'games-id', true)).toBe(false);
    expect(fetchesUserOnRouteChange('games', 'locale:games-id', false)).toBe(true);
  });

  it('strips only the locale prefix', () => {
    expect(routeName('locale:quests-list')).toBe('quests-list');
    expect(routeName('questions')).toBe('questions');
  });
});
