import { buildFieldRules, FIELD_KIND_RULES, validateForm } from './fields.ts';

const today = new Date(2024, 5, 15);

describe('buildFieldRules', () => {
  it('adds required where the field list asks for it', () => {
    const rules = buildFieldRules([
      { name: 'email', isRequired: true },
      { name: 'phone', isRequired: false },
    ]);
    expect(rules.email).toEqual([{ rule: 'required' }, { rule: 'email' }]);
    expect(rules.phone).toEqual([{ rule: 'phone' }]);
  });

  it('always requires agreements, city and region, even when the list says otherwise', () => {
    const rules = buildFieldRules([{ name: 'city', isRequired: false }]);
    expect(rules.city).toEqual([{ rule: 'required' }]);
    expect(rules.region).toEqual([{ rule: 'required' }]);
    expect(rules.agreements).toEqual([{ rule: 'required' }, { rule: 'accepted' }]);
  });

  it('does not repeat required for kinds that carry it', () => {
    const rules = buildFieldRules([{ name: 'newPassword', isRequired: true }]);
    expect(rules.newPassword).toEqual([{ rule: 'required' }, { rule: 'min', params: { min: 6 } }]);
  });
});

describe('validateForm', () => {
  const profileRules = buildFieldRules(
    ['firstName', 'lastName', 'email', 'phone', 'birthdate', 'postalCode', 'address'].map(
      (name) => ({ name, isRequired: true }),
    ),
  );
  const complete = {
    firstName: 'Ana',
    lastName: 'Souza-Lima',
    email: 'ana@example.com',
    phone: '5511987654321',
    birthdate: '2000-01-31',
    postalCode: '01310',
    address: 'Av. Paulista, 1000',
    city: 'São Paulo',
    region: 'SP',
    agreements: true,
  };

  it('passes a complete profile', () => {
    expect(validateForm(complete, profileRules, { today })).toEqual({ ok: true });
  });

  it('reports every failing rule by field', () => {
    const result = validateForm(
      { ...complete, email: 'nope', birthdate: '2010-01-01', agreements: false, city: '' },
      profileRules,
      { today },
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        email: [{ rule: 'email', params: {} }],
        birthdate: [{ rule: 'minAge', params: { param: 18 } }],
        agreements: [{ rule: 'accepted', params: {} }],
        city: [{ rule: 'required', params: {} }],
      },
    });
  });

  it('checks repeatNewPassword against newPassword', () => {
    const rules = {
      newPassword: FIELD_KIND_RULES.newPassword ?? [],
      repeatNewPassword: FIELD_KIND_RULES.repeatNewPassword ?? [],
    };
    expect(validateForm({ newPassword: 'abcdef', repeatNewPassword: 'abcdef' }, rules)).toEqual({
      ok: true,
    });
    expect(validateForm({ newPassword: 'abcdef', repeatNewPassword: 'abcdeg' }, rules)).toEqual({
      ok: false,
      errors: { repeatNewPassword: [{ rule: 'confirmed', params: { param: 'newPassword' } }] },
    });
  });

  it('needs a password of at least 6 characters', () => {
    const result = validateForm(
      { password: '12345' },
      { password: FIELD_KIND_RULES.password ?? [] },
    );
    expect(result).toEqual({
      ok: false,
      errors: { password: [{ rule: 'min', params: { min: 6 } }] },
    });
  });
});
