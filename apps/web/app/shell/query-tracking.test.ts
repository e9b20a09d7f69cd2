import {
  affiliateTagAction,
  mergeTrackedParams,
  parseStoredTrackedParams,
  pickTrackedParams,
  postNavigationDelay,
  registrationParams,
  withTrackingParams,
} from './query-tracking';

describe('tracked marketing parameters', () => {
  it('picks only the tracked, non-empty parameters', () => {
    const search = new URLSearchParams(
      'utm_source=mail&utm_medium=&gclid=abc&modal=sign-in&stag=x',
    );
    expect(pickTrackedParams(search)).toEqual({ utm_source: 'mail', gclid: 'abc' });
  });

  it('lets the URL override what was stored', () => {
    expect(
      mergeTrackedParams({ utm_source: 'old', utm_term: 'keep' }, { utm_source: 'new' }),
    ).toEqual({ utm_source: 'new', utm_term: 'keep' });
  });

  it('reads stored JSON defensively', () => {
    expect(parseStoredTrackedParams('{"utm_source":"a","evil":"x","utm_id":5}')).toEqual({
      utm_source: 'a',
    });
    expect(parseStoredTrackedParams('not json')).toEqual({});
    expect(parseStoredTrackedParams(null)).toEqual({});
  });
});

describe('withTrackingParams', () => {
  it('sets is_auth to the login state and re-adds missing tracked params', () => {
    expect(
      withTrackingParams('?modal=sign-in', {
        isAuthenticated: false,
        tracked: { utm_source: 'mail' },
      }),
    ).toBe('?modal=sign-in&is_auth=false&utm_source=mail');
  });

  it('keeps a value the URL already has', () => {
    expect(
      withTrackingParams('?utm_source=ads', {
        isAuthenticated: true,
        tracked: { utm_source: 'mail' },
      }),
    ).toBe('?utm_source=ads&is_auth=true');
  });

  it('flips a stale is_auth', () => {
    expect(withTrackingParams('?is_auth=false', { isAuthenticated: true, tracked: {} })).toBe(
      '?is_auth=true',
    );
  });

  it('is stable once applied, so the replace navigation happens only once', () => {
    const once = withTrackingParams('', { isAuthenticated: false, tracked: { gclid: 'g' } });
    expect(withTrackingParams(once, { isAuthenticated: false, tracked: { gclid: 'g' } })).toBe(
      once,
    );
  });
});

describe('postNavigationDelay', () => {
  it('waits 100 ms normally and 5000 ms with the profile query', () => {
    expect(postNavigationDelay(new URLSearchParams(''))).toBe(100);
    expect(postNavigationDelay(new URLSearchParams('profile'))).toBe(5000);
    expect(postNavigationDelay(new URLSearchParams('profile=1&x=2'))).toBe(5000);
  });
});

describe('affiliateTagAction (spec §4 "Affiliate tag")', () => {
  it('removes the tag for a logged-in player, even with a stag query', () => {
    expect(affiliateTagAction({ isAuthenticated: true, stag: 'aff1', hasBackState: true })).toEqual(
      { kind: 'remove' },
    );
  });

  it('stores the stag of a guest', () => {
    expect(
      affiliateTagAction({ isAuthenticated: false, stag: 'aff1', hasBackState: false }),
    ).toEqual({ kind: 'store', tag: 'aff1' });
  });

  it('keeps the tag while navigating back within the site', () => {
    expect(affiliateTagAction({ isAuthenticated: false, stag: null, hasBackState: true })).toEqual({
      kind: 'keep',
    });
  });

  it('removes it on a fresh visit without stag', () => {
    expect(affiliateTagAction({ isAuthenticated: false, stag: null, hasBackState: false })).toEqual(
      { kind: 'remove' },
    );
  });
});

describe('first visit', () => {
  it('records every first-visit query parameter', () => {
    expect(registrationParams(new URLSearchParams('utm_source=a&stag=b'))).toEqual({
      utm_source: 'a',
      stag: 'b',
    });
  });
});
