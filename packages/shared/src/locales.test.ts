import fc from 'fast-check';
import {
  DEFAULT_LOCALE,
  LOCALE_SEGMENT,
  LOCALES,
  UNPREFIXED_PATHS,
  localizePath,
  matchLocale,
  splitLocalePath,
} from './locales.ts';

describe('splitLocalePath', () => {
  it.each([
    ['/', 'en', undefined, '/', true],
    ['/games', 'en', undefined, '/games', true],
    ['/es', 'es', 'es', '/', true],
    ['/es/', 'es', 'es', '/', true],
    ['/pt-br/games/12', 'pt-br', 'pt-br', '/games/12', true],
    ['/PT-BR/vip', 'pt-br', 'pt-br', '/vip', true],
    ['/zz/games', 'en', 'zz', '/games', false],
    ['/en/vip', 'en', 'en', '/vip', false],
    ['/vip', 'en', undefined, '/vip', true],
    ['/static/terms', 'en', undefined, '/static/terms', true],
  ])(
    '%s -> locale %s, prefix %s, rest %s, supported %s',
    (path, locale, prefix, rest, supported) => {
      expect(splitLocalePath(path)).toEqual({ locale, prefix, rest, supported });
    },
  );
});

describe('localizePath', () => {
  it('adds no prefix for the default locale', () => {
    expect(localizePath('/games', DEFAULT_LOCALE)).toBe('/games');
  });
  it('prefixes other locales, home included', () => {
    expect(localizePath('/games', 'es')).toBe('/es/games');
    expect(localizePath('/', 'pt-br')).toBe('/pt-br');
  });
  it('never prefixes the questions and emailed-code pages', () => {
    expect(localizePath('/questions/getting-started', 'es')).toBe('/questions/getting-started');
    expect(localizePath('/reset-password/abc', 'pt-br')).toBe('/reset-password/abc');
  });
  it('round-trips through splitLocalePath for every locale', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{3,12}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.array(segment, { maxLength: 4 }),
        (locale, parts) => {
          const rest = `/${parts.join('/')}`;
          // A first segment shaped like a locale ("ab-cd") is read as a prefix by design, and
          // the unprefixed pages stay unprefixed: neither can round-trip.
          fc.pre(
            !LOCALE_SEGMENT.test(parts[0] ?? '') && !UNPREFIXED_PATHS.some((re) => re.test(rest)),
          );
          const split = splitLocalePath(localizePath(rest, locale));
          expect(split.rest).toBe(rest);
          expect(split.locale).toBe(locale);
        },
      ),
    );
  });
});

describe('matchLocale', () => {
  it('maps language tags onto shipped locales', () => {
    expect(matchLocale('pt-BR')).toBe('pt-br');
    expect(matchLocale('es-MX')).toBe('es');
    expect(matchLocale('pt')).toBe('pt-br');
    expect(matchLocale('de-DE')).toBeUndefined();
  });
});
