import {
  choiceEnd,
  choiceOf,
  choiceValue,
  BREAK_CHOICES,
  EXCLUSION_CHOICES,
  untilOf,
} from './protection.fns';

describe('protection choices', () => {
  it('round-trips every choice through its radio value', () => {
    for (const choice of [...BREAK_CHOICES, ...EXCLUSION_CHOICES]) {
      expect(choiceOf(choiceValue(choice))).toEqual(choice);
    }
    expect(choiceOf('break:2')).toBeUndefined();
  });

  it('ends as the server ends it: days × 24 h, calendar months, none for indefinite', () => {
    const now = new Date('2026-08-31T10:00:00Z');
    expect(choiceEnd({ kind: 'break', days: 1 }, now)).toEqual(new Date('2026-09-01T10:00:00Z'));
    expect(choiceEnd({ kind: 'exclusion', period: '6m' }, now)).toEqual(
      new Date('2027-02-28T10:00:00Z'),
    );
    expect(choiceEnd({ kind: 'exclusion', period: 'indefinite' }, now)).toBeNull();
  });

  it('reads only a date from ?until=', () => {
    expect(untilOf('?until=2026-12-01T10%3A00%3A00.000Z')).toBe('2026-12-01T10:00:00.000Z');
    expect(untilOf('?until=soon')).toBeNull();
    expect(untilOf('')).toBeNull();
  });
});
