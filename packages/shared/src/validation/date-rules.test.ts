import { ageOn, parseIsoDate } from './date-rules.ts';
import { check, passes } from './test-context.fixture.ts';

describe('date', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['0999-12-31', false],
    ['1000-01-01', true],
    ['3000-12-31', true],
    ['3001-01-01', false],
    ['2024-1-01', false],
    ['2024-01-01T00:00', false],
    ['01/02/2024', false],
  ])('%s -> %s', (value, ok) => {
    expect(passes({ rule: 'date' }, value)).toBe(ok);
  });
  it('parses the parts of a valid date', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });
});

describe('date comparisons', () => {
  const form = { startDate: '2024-03-10', blank: '' };
  it('compare with another input', () => {
    const spec = { rule: 'after', params: { other: 'startDate' } } as const;
    expect(passes(spec, '2024-03-11', form)).toBe(true);
    expect(check(spec, '2024-03-10', form)).toEqual({
      rule: 'after',
      params: { param: 'startDate' },
    });
  });
  it('compare with a literal date or today', () => {
    expect(passes({ rule: 'before', params: { other: '2024-01-01' } }, '2023-12-31')).toBe(true);
    expect(passes({ rule: 'before', params: { other: 'today' } }, '2024-06-15')).toBe(false);
    expect(passes({ rule: 'before_or_equal', params: { other: 'today' } }, '2024-06-15')).toBe(
      true,
    );
  });
  it.each([
    ['before', [true, false, false]],
    ['before_or_equal', [true, true, false]],
    ['date_equals', [false, true, false]],
    ['after_or_equal', [false, true, true]],
    ['after', [false, false, true]],
  ] as const)('%s over earlier, same, later', (rule, expected) => {
    const spec = { rule, params: { other: '2024-03-10' } };
    const results = ['2024-03-09', '2024-03-10', '2024-03-11'].map((v) => passes(spec, v));
    expect(results).toEqual(expected);
  });
  it('refuses an invalid own date and waits for an empty partner', () => {
    expect(passes({ rule: 'after', params: { other: 'startDate' } }, '2024-02-30', form)).toBe(
      false,
    );
    expect(passes({ rule: 'after', params: { other: 'blank' } }, '2024-02-10', form)).toBe(true);
  });
});

describe('minAge and maxAge', () => {
  const today = new Date(2024, 5, 15);
  it('accepts someone turning 18 today, not tomorrow', () => {
    expect(passes({ rule: 'minAge' }, '2006-06-15', {}, today)).toBe(true);
    expect(check({ rule: 'minAge' }, '2006-06-16', {}, today)).toEqual({
      rule: 'minAge',
      params: { param: 18 },
    });
  });
  it('takes another age', () => {
    expect(passes({ rule: 'minAge', params: { years: 21 } }, '2004-06-15', {}, today)).toBe(false);
  });
  it('counts a Feb 29 birthday from Mar 1 in common years', () => {
    expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2022, month: 2, day: 28 })).toBe(17);
    expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2022, month: 3, day: 1 })).toBe(18);
    expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2024, month: 2, day: 29 })).toBe(20);
  });
  it('refuses an impossible birthdate', () => {
    expect(passes({ rule: 'minAge' }, '1990-02-30', {}, today)).toBe(false);
  });
  it('maxAge caps the age', () => {
    const spec = { rule: 'maxAge', params: { years: 100 } } as const;
    expect(passes(spec, '1923-06-16', {}, today)).toBe(true);
    expect(passes(spec, '1923-06-15', {}, today)).toBe(false);
  });
});
