import {
  pageResponseStatus,
  statusOrDefault,
  failingParams,
  isValidParam,
  notFoundWithQuery,
  validateRouteParams,
} from './route-validation';

describe('route parameter rules', () => {
  it('accepts a numeric game id or an identity slug', () => {
    expect(isValidParam('12', 'id')).toBe(true);
    expect(isValidParam('book-of-snow', 'id')).toBe(true);
    expect(isValidParam('pragmatic_sweet_bonanza', 'id')).toBe(true);
    expect(isValidParam('Bad Id', 'id')).toBe(false);
    expect(isValidParam('../etc', 'id')).toBe(false);
  });

  it('accepts lower-case dashed slugs only', () => {
    expect(isValidParam('terms', 'slug')).toBe(true);
    expect(isValidParam('sweepstakes-rules', 'slug')).toBe(true);
    expect(isValidParam('-terms', 'slug')).toBe(false);
    expect(isValidParam('Terms', 'slug')).toBe(false);
    expect(isValidParam('terms.html', 'slug')).toBe(false);
    expect(isValidParam('', 'slug')).toBe(false);
    expect(isValidParam(undefined, 'slug')).toBe(false);
  });

  it('accepts a connection from its list only', () => {
    expect(isValidParam('google', { oneOf: ['google', 'facebook'] })).toBe(true);
    expect(isValidParam('myspace', { oneOf: ['google', 'facebook'] })).toBe(false);
  });

  it('names every failing parameter', () => {
    expect(failingParams({ id: 'x y', slug: 'ok' }, { id: 'id', slug: 'slug' })).toEqual(['id']);
    expect(failingParams({ id: '1' }, { id: 'id' })).toEqual([]);
  });
});

describe('validateRouteParams', () => {
  it('throws a 404 naming the requested path when a rule fails', () => {
    const request = new Request('http://site.test/static/Bad%20Page?x=1');
    let thrown: unknown;
    try {
      validateRouteParams(request, { pageUrl: 'Bad Page' }, { pageUrl: 'slug' });
    } catch (error) {
      thrown = error;
    }
    // React Router's data() result becomes a route error response with this status and data.
    expect(thrown).toMatchObject({ init: { status: 404 }, data: { path: '/static/Bad%20Page' } });
  });

  it('passes quietly when every rule holds', () => {
    expect(() =>
      validateRouteParams(new Request('http://site.test/games/12'), { id: '12' }, { id: 'id' }),
    ).not.toThrow();
  });
});

describe('notFoundWithQuery', () => {
  const thrownBy = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('names the path with the query parameters that were not found, and no others', () => {
    const request = new Request('http://site.test/es/games?utm_source=x&collection=no-such');
    expect(thrownBy(() => notFoundWithQuery(request, ['collection', 'provider']))).toMatchObject({
      init: { status: 404 },
      data: { path: '/es/games?collection=no-such' },
    });
  });

  it('names the bare path when none of those parameters was given', () => {
    const request = new Request('http://site.test/games?sortBy=name');
    expect(thrownBy(() => notFoundWithQuery(request, ['provider']))).toMatchObject({
      data: { path: '/games' },
    });
  });
});

describe('status codes (spec §8)', () => {
  it('keeps a code from 100 to 999 and falls back to the default outside or when not whole', () => {
    expect(statusOrDefault(100)).toBe(100);
    expect(statusOrDefault(404)).toBe(404);
    expect(statusOrDefault(999)).toBe(999);
    for (const outside of [99, 1000, -1, 0, 404.5, Number.NaN, '404', undefined])
      expect(statusOrDefault(outside)).toBe(500);
    expect(statusOrDefault(1000, 404)).toBe(404);
  });

  it('gives a page response a status HTTP can carry', () => {
    expect(pageResponseStatus(404)).toBe(404);
    expect(pageResponseStatus(103)).toBe(500);
    expect(pageResponseStatus(700)).toBe(500);
    expect(pageResponseStatus(1200)).toBe(500);
  });
});
