import fc from 'fast-check';
import { passesLuhn } from './card-number.ts';
import { RULE_NAMES } from './rules.ts';
import { isEmptyValue } from './rule-types.ts';
import type { RuleName, RuleSpec } from './rule-types.ts';
import { passes } from './test-context.fixture.ts';

/** One configured instance of every rule. */
const SAMPLES: { readonly [K in RuleName]: Extract<RuleSpec, { rule: K }> } = {
  required: { rule: 'required' },
  required_if: { rule: 'required_if', params: { field: 'other', value: 'x' } },
  accepted: { rule: 'accepted' },
  declined: { rule: 'declined' },
  countryCode: { rule: 'countryCode' },
  languageCode: { rule: 'languageCode' },
  phone: { rule: 'phone' },
  name: { rule: 'name' },
  date: { rule: 'date' },
  before: { rule: 'before', params: { other: '2024-01-01' } },
  after: { rule: 'after', params: { other: 'other' } },
  date_equals: { rule: 'date_equals', params: { other: '2024-01-01' } },
  before_or_equal: { rule: 'before_or_equal', params: { other: 'today' } },
  after_or_equal: { rule: 'after_or_equal', params: { other: '2000-01-01' } },
  alpha_dash: { rule: 'alpha_dash' },
  boolean: { rule: 'boolean' },
  confirmed: { rule: 'confirmed' },
  different: { rule: 'different', params: { field: 'other' } },
  digits: { rule: 'digits', params: { length: 3 } },
  digits_between: { rule: 'digits_between', params: { min: 2, max: 4 } },
  max: { rule: 'max', params: { max: 3 } },
  min: { rule: 'min', params: { min: 3 } },
  between: { rule: 'between', params: { min: 1, max: 5 } },
  regex: { rule: 'regex', params: { pattern: /^\d/ } },
  not_regex: { rule: 'not_regex', params: { pattern: /a/ } },
  array: { rule: 'array' },
  string: { rule: 'string' },
  lowercase: { rule: 'lowercase' },
  uppercase: { rule: 'uppercase' },
  minAge: { rule: 'minAge' },
  maxAge: { rule: 'maxAge', params: { years: 30 } },
  postalCode: { rule: 'postalCode' },
  email: { rule: 'email' },
  url: { rule: 'url' },
  ip: { rule: 'ip' },
  mac: { rule: 'mac' },
  integer: { rule: 'integer' },
  decimal: { rule: 'decimal' },
  numeric: { rule: 'numeric' },
  cardNumber: { rule: 'cardNumber' },
  and: {
    rule: 'and',
    params: { rules: [{ rule: 'string' }, { rule: 'min', params: { min: 2 } }] },
  },
  or: { rule: 'or', params: { rules: [{ rule: 'integer' }, { rule: 'email' }] } },
  not: { rule: 'not', params: { rule: { rule: 'integer' } } },
};
const EMPTY_AWARE: readonly RuleName[] = ['required', 'required_if', 'accepted'];

const leafSpecs = RULE_NAMES.filter((name) => !['and', 'or', 'not'].includes(name)).map(
  (name): RuleSpec => SAMPLES[name],
);
const emptyValue = fc.constantFrom(undefined, null, '', ' ', '\t\n', []);
const nonEmptyValue = fc
  .oneof(
    fc.string(),
    fc.stringMatching(/^\d{1,6}$/),
    fc.constantFrom('2024-01-01', '1990-05-05', 'x@y.co', 'US', 'en', '12345', 'yes', '0'),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
  )
  .filter((value) => !isEmptyValue(value));
const form = fc.record({
  other: fc.constantFrom('x', '', '2020-02-02'),
  field_confirmation: fc.string(),
});

describe('rule properties', () => {
  it('has a sample for every rule', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...RULE_NAMES].sort());
  });

  it('lets empty values through every rule but required, required_if and accepted', () => {
    const specs = RULE_NAMES.filter((n) => !EMPTY_AWARE.includes(n)).map((n) => SAMPLES[n]);
    fc.assert(
      fc.property(fc.constantFrom(...specs), emptyValue, form, (spec, value, values) => {
        expect(passes(spec, value, values)).toBe(true);
      }),
    );
  });

  it('not(r) inverts r on non-empty values', () => {
    fc.assert(
      fc.property(fc.constantFrom(...leafSpecs), nonEmptyValue, form, (rule, value, values) => {
        const inverted = passes({ rule: 'not', params: { rule } }, value, values);
        expect(inverted).toBe(!passes(rule, value, values));
      }),
    );
  });

  it('and / or follow their truth tables', () => {
    const anySpec = fc.constantFrom(...leafSpecs);
    const value = fc.oneof(nonEmptyValue, emptyValue);
    fc.assert(
      fc.property(anySpec, anySpec, value, form, (a, b, v, values) => {
        const [pa, pb] = [passes(a, v, values), passes(b, v, values)];
        expect(passes({ rule: 'and', params: { rules: [a, b] } }, v, values)).toBe(pa && pb);
        expect(passes({ rule: 'or', params: { rules: [a, b] } }, v, values)).toBe(pa || pb);
      }),
    );
  });

  it('digits_between(a, b) accepts exactly the digit strings with length in [a, b]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 5 }),
        fc.stringMatching(/^\d{1,18}$/),
        (min, extra, digits) => {
          const spec = { rule: 'digits_between', params: { min, max: min + extra } } as const;
          const inRange = digits.length >= min && digits.length <= min + extra;
          expect(passes(spec, digits)).toBe(inRange);
          expect(passes(spec, `${digits}a`)).toBe(false);
        },
      ),
    );
  });

  it('changing any single digit of a Luhn-valid number makes it invalid', () => {
    const luhnValid = fc
      .stringMatching(/^\d{11,18}$/)
      .map((body) => `${body}${[...'0123456789'].find((d) => passesLuhn(body + d))}`);
    fc.assert(
      fc.property(luhnValid, fc.nat(), fc.integer({ min: 1, max: 9 }), (number, at, shift) => {
        const index = at % number.length;
        const changed = (Number(number[index]) + shift) % 10;
        const mutated = number.slice(0, index) + String(changed) + number.slice(index + 1);
        expect(passes({ rule: 'cardNumber' }, number)).toBe(true);
        expect(passesLuhn(mutated)).toBe(false);
        expect(passes({ rule: 'cardNumber' }, mutated)).toBe(false);
      }),
    );
  });
});
