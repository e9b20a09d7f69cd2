import { fieldProblems, rulesForFields } from './form-rules.fns.ts';

const fields = (...names: [string, boolean][]) =>
  rulesForFields(names.map(([name, required]) => ({ name, required })));

describe('rulesForFields', () => {
  it('gives only the form’s fields, with the shared kind rules', () => {
    const rules = fields(['email', true], ['password', true], ['agreements', true]);
    expect(Object.keys(rules).sort()).toEqual(['agreements', 'email', 'password']);
    expect(rules.email).toEqual([{ rule: 'required' }, { rule: 'email' }]);
    expect(rules.password).toEqual([{ rule: 'required' }, { rule: 'min', params: { min: 6 } }]);
    expect(rules.agreements).toEqual([{ rule: 'required' }, { rule: 'accepted' }]);
  });

  it('leaves an optional box optional', () => {
    expect(fields(['receiveEmailPromo', false]).receiveEmailPromo).toEqual([]);
  });
});

describe('fieldProblems', () => {
  const rules = fields(['email', true], ['password', true], ['agreements', true]);

  it('says the first problem of each field, in the given texts when there are some', () => {
    expect(
      fieldProblems({ email: 'not-an-email', password: '123', agreements: false }, rules, {}),
    ).toEqual({
      email: 'Value is not a valid email address',
      password: 'This field should be at least 6 characters long',
      agreements: 'This must be accepted',
    });
    expect(
      fieldProblems({ email: '', password: 'secret1', agreements: true }, rules, {
        required: 'Obligatorio',
      }),
    ).toEqual({ email: 'Obligatorio' });
  });

  it('has nothing to say about a valid form', () => {
    expect(
      fieldProblems(
        { email: 'player@example.com', password: 'secret1', agreements: true },
        rules,
        {},
      ),
    ).toEqual({});
  });

  it('checks a repeated password against the new one', () => {
    const reset = fields(['newPassword', true], ['repeatNewPassword', true]);
    expect(
      fieldProblems({ newPassword: 'secret1', repeatNewPassword: 'secret2' }, reset, {
        confirmed: 'The passwords do not match',
      }),
    ).toEqual({ repeatNewPassword: 'The passwords do not match' });
  });
});

describe('rulesForFields with a form’s own rules', () => {
  it('adds them after the kind’s rules', () => {
    const rules = rulesForFields([
      { name: 'amount', required: true, rules: [{ rule: 'regex', params: { pattern: '^\\d+$' } }] },
    ]);
    expect(rules.amount).toEqual([
      { rule: 'required' },
      { rule: 'regex', params: { pattern: '^\\d+$' } },
    ]);
    expect(fieldProblems({ amount: '12x' }, rules, {})).toEqual({
      amount: 'Value has an invalid format',
    });
  });
});
