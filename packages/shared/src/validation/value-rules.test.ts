import { check, passes } from './test-context.fixture.ts';

describe('required', () => {
  it.each([undefined, null, '', '   ', []])('refuses the empty value %j', (value) => {
    expect(check({ rule: 'required' }, value)).toEqual({ rule: 'required', params: {} });
  });
  it.each(['a', 0, false, ['x']])('accepts %j', (value) => {
    expect(passes({ rule: 'required' }, value)).toBe(true);
  });
});

describe('required_if', () => {
  const spec = { rule: 'required_if', params: { field: 'country', value: 'US' } } as const;
  it('requires the value when the other input equals the trigger', () => {
    expect(check(spec, '', { country: 'US' })).toEqual({
      rule: 'required_if',
      params: { param: 'country' },
    });
    expect(passes(spec, '12345', { country: 'US' })).toBe(true);
  });
  it('lets an empty value through otherwise', () => {
    expect(passes(spec, '', { country: 'BR' })).toBe(true);
  });
  it('compares the trigger as form text', () => {
    const onFlag = { rule: 'required_if', params: { field: 'flag', value: true } } as const;
    expect(passes(onFlag, undefined, { flag: 'true' })).toBe(false);
  });
});

describe('accepted and declined', () => {
  it.each(['yes', 'on', '1', 'true', 1, true])('accepted takes %j', (value) => {
    expect(passes({ rule: 'accepted' }, value)).toBe(true);
  });
  it.each(['no', 'off', false, 'YES', undefined, ''])('accepted refuses %j', (value) => {
    expect(passes({ rule: 'accepted' }, value)).toBe(false);
  });
  it.each(['no', 'off', '0', 'false', 0, false, ''])('declined takes %j', (value) => {
    expect(passes({ rule: 'declined' }, value)).toBe(true);
  });
  it('declined refuses yes', () => expect(passes({ rule: 'declined' }, 'yes')).toBe(false));
});

describe('boolean', () => {
  it.each([true, false, 1, 0, '1', '0'])('takes %j', (value) => {
    expect(passes({ rule: 'boolean' }, value)).toBe(true);
  });
  it.each(['true', 'yes', 2])('refuses %j', (value) => {
    expect(passes({ rule: 'boolean' }, value)).toBe(false);
  });
});

describe('confirmed and different', () => {
  it('confirms against <field>_confirmation by default', () => {
    expect(passes({ rule: 'confirmed' }, 'secret', { field_confirmation: 'secret' })).toBe(true);
    expect(check({ rule: 'confirmed' }, 'secret', { field_confirmation: 'other' })).toEqual({
      rule: 'confirmed',
      params: { param: 'field_confirmation' },
    });
  });
  it('confirms against a named input', () => {
    const spec = { rule: 'confirmed', params: { field: 'newPassword' } } as const;
    expect(passes(spec, 'abcdef', { newPassword: 'abcdef' })).toBe(true);
    expect(passes(spec, 'abcdef', { newPassword: 'abcdeg' })).toBe(false);
  });
  it('different refuses a value equal to the other input', () => {
    const spec = { rule: 'different', params: { field: 'currentPassword' } } as const;
    expect(passes(spec, 'same', { currentPassword: 'same' })).toBe(false);
    expect(passes(spec, 'new1', { currentPassword: 'same' })).toBe(true);
  });
});

describe('digits and digits_between', () => {
  it('digits wants exactly that many digits', () => {
    const spec = { rule: 'digits', params: { length: 4 } } as const;
    expect(passes(spec, '0123')).toBe(true);
    expect(passes(spec, 1234)).toBe(true);
    expect(check(spec, '123')).toEqual({ rule: 'digits', params: { param: 4 } });
    expect(passes(spec, '12a4')).toBe(false);
    expect(passes(spec, '-123')).toBe(false);
  });
  it('digits_between bounds the length inclusively', () => {
    const spec = { rule: 'digits_between', params: { min: 2, max: 3 } } as const;
    expect(['1', '12', '123', '1234'].map((v) => passes(spec, v))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('min, max and between', () => {
  it('measure strings by characters, arrays by length', () => {
    expect(passes({ rule: 'min', params: { min: 6 } }, 'abcde')).toBe(false);
    expect(passes({ rule: 'min', params: { min: 6 } }, 'abcdef')).toBe(true);
    expect(passes({ rule: 'max', params: { max: 2 } }, ['a', 'b', 'c'])).toBe(false);
    expect(passes({ rule: 'max', params: { max: 3 } }, 'ñañ')).toBe(true);
    expect(passes({ rule: 'max', params: { max: 1 } }, '😀')).toBe(true);
  });
  it('measure numbers by value and say so in the code', () => {
    expect(check({ rule: 'min', params: { min: 10 } }, 9)).toEqual({
      rule: 'min',
      params: { min: 10 },
      code: 'min_value',
    });
    expect(check({ rule: 'max', params: { max: 10 } }, 11)).toMatchObject({ code: 'max_value' });
    expect(check({ rule: 'max', params: { max: 3 } }, 'abcd')).toEqual({
      rule: 'max',
      params: { max: 3 },
    });
  });
  it('between is inclusive on both ends', () => {
    const spec = { rule: 'between', params: { min: 2, max: 4 } } as const;
    expect([1, 2, 4, 5].map((v) => passes(spec, v))).toEqual([false, true, true, false]);
    expect(passes(spec, 'abc')).toBe(true);
  });
});

describe('integer, decimal and numeric', () => {
  it.each([
    ['12', true],
    ['-3', true],
    [7, true],
    ['1.5', false],
    [1.5, false],
    ['1e3', false],
  ])('integer %j -> %s', (value, ok) => expect(passes({ rule: 'integer' }, value)).toBe(ok));
  it.each([
    ['1.5', true],
    ['-.5', true],
    ['3', true],
    [2.25, true],
    ['1.2.3', false],
    ['x', false],
  ])('decimal %j -> %s', (value, ok) => expect(passes({ rule: 'decimal' }, value)).toBe(ok));
  it('numeric also takes exponents', () => {
    expect(passes({ rule: 'numeric' }, '1e3')).toBe(true);
    expect(passes({ rule: 'numeric' }, Number.NaN)).toBe(false);
  });
});
