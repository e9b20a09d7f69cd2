import { z } from 'zod';
import { buildFieldRules } from './fields.ts';
import { fieldRulesRefinement, toZod } from './zod.ts';

const today = new Date(2024, 5, 15);
const rules = buildFieldRules([
  { name: 'email', isRequired: true },
  { name: 'birthdate', isRequired: false },
]);
const valid = {
  email: 'a@b.co',
  birthdate: '2000-01-01',
  agreements: 'yes',
  city: 'X',
  region: 'Y',
};

describe('toZod', () => {
  it('accepts values that pass the rules', () => {
    expect(toZod(rules, { today }).safeParse(valid).success).toBe(true);
  });

  it('reports each failure on its field with the default message', () => {
    const result = toZod(rules, { today }).safeParse({
      ...valid,
      email: '',
      birthdate: '2020-01-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['email'], 'Value is required'],
      [['birthdate'], 'You must be at least 18 years old'],
    ]);
  });

  it('refines a request schema of any shape', () => {
    const body = z
      .object({ email: z.string(), city: z.string() })
      .superRefine(fieldRulesRefinement({ email: [{ rule: 'email' }] }));
    const result = body.safeParse({ email: 'nope', city: 'X' });
    expect(result.error?.issues).toMatchObject([
      { path: ['email'], params: { failure: { rule: 'email', params: {} } } },
    ]);
  });
});
