import type { RuleSpec } from './rule-types.ts';
import { passes } from './test-context.fixture.ts';

const cases: [RuleSpec, unknown[], unknown[]][] = [
  [{ rule: 'countryCode' }, ['US', 'BR'], ['us', 'USA', 'U1', 'U']],
  [{ rule: 'languageCode' }, ['en', 'pt'], ['EN', 'eng', 'pt-br']],
  [
    { rule: 'name' },
    ['Anne-Marie', 'José Álvarez', 'Zoë 2nd.', 'Ñandú, Jr', 'Владимир', '李小龙', 'Cafe\u0301'],
    ['Bob!', "O'Brien", 'a_b', 'x@y', 42],
  ],
  [{ rule: 'alpha_dash' }, ['user_name-1', 'Ärger'], ['a b', 'a.b']],
  [{ rule: 'lowercase' }, ['abc 1'], ['aBc']],
  [{ rule: 'uppercase' }, ['ABC 1'], ['AbC']],
  [{ rule: 'string' }, ['x'], [1, true, ['x']]],
  [{ rule: 'array' }, [['x']], ['x', { 0: 'x' }]],
  [{ rule: 'postalCode' }, ['12345', 'AB-12', 90210], ['1234', '123456']],
  [
    { rule: 'email' },
    ['player@coinfall.com', 'a.b+c@sub.example.org'],
    ['a@', '@b.co', 'a b@c.co', 'a@b'],
  ],
  [
    { rule: 'url' },
    ['https://coinfall.com/x?y=1', 'http://localhost:3000'],
    ['coinfall.com', 'javascript:alert(1)', 'ftp://x.org'],
  ],
  [
    { rule: 'ip' },
    ['192.168.0.1', '::1', '2001:db8::8a2e:370:7334', 'fe80::1'],
    ['256.1.1.1', '1.2.3', '2001:db8:::1', 'gggg::1'],
  ],
  [{ rule: 'ip', params: { version: 4 } }, ['10.0.0.1'], ['::1']],
  [{ rule: 'ip', params: { version: 6 } }, ['::ffff:192.0.2.1'], ['10.0.0.1']],
  [
    { rule: 'mac' },
    ['00:1A:2B:3C:4D:5E', '00-1a-2b-3c-4d-5e'],
    ['00:1A:2B:3C:4D', '001A2B3C4D5E', '00:1A-2B:3C:4D:5E', 'GG:1A:2B:3C:4D:5E'],
  ],
  [{ rule: 'regex', params: { pattern: /^[A-Z]{3}\d$/ } }, ['ABC1'], ['abc1']],
  [{ rule: 'regex', params: { pattern: '^\\d+$' } }, ['123', 123], ['12a']],
  [{ rule: 'not_regex', params: { pattern: /admin/i } }, ['player'], ['Admin1']],
];

describe.each(cases)('rule %o', (spec, good, bad) => {
  // Rows are wrapped so that array values reach the test whole.
  it.each(good.map((v) => [v]))('accepts %j', (value) => expect(passes(spec, value)).toBe(true));
  it.each(bad.map((v) => [v]))('refuses %j', (value) => expect(passes(spec, value)).toBe(false));
});

describe('regex', () => {
  it('gives the same answer every time for a global pattern', () => {
    const spec: RuleSpec = { rule: 'regex', params: { pattern: /a/g } };
    expect([1, 2, 3].map(() => passes(spec, 'a'))).toEqual([true, true, true]);
  });
});
