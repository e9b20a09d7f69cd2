import { formatRuleMessage } from './messages.ts';

describe('formatRuleMessage', () => {
  it('fills {min}, {max} and {param} from the failure', () => {
    expect(formatRuleMessage({ rule: 'min', params: { min: 6 } })).toBe(
      'This field should be at least 6 characters long',
    );
    expect(formatRuleMessage({ rule: 'between', params: { min: 1, max: 5 } })).toBe(
      'The value must be between 1 and 5',
    );
    expect(formatRuleMessage({ rule: 'minAge', params: { param: 18 } })).toBe(
      'You must be at least 18 years old',
    );
  });

  it('prefers the content message, then the most specific key', () => {
    const content = { TOO_SHORT: 'Muito curto', phone: 'Telefone inválido' };
    expect(formatRuleMessage({ rule: 'phone', params: {}, code: 'TOO_SHORT' }, content)).toBe(
      'Muito curto',
    );
    expect(formatRuleMessage({ rule: 'phone', params: {}, code: 'INVALID_LENGTH' }, content)).toBe(
      'Telefone inválido',
    );
    expect(formatRuleMessage({ rule: 'max', params: { max: 9 } }, { max: 'Até {max}' })).toBe(
      'Até 9',
    );
  });

  it('falls back to the default when the content lacks the key', () => {
    expect(formatRuleMessage({ rule: 'required', params: {} }, {})).toBe('Value is required');
    expect(formatRuleMessage({ rule: 'min', params: { min: 3 }, code: 'min_value' })).toBe(
      'The minimum value allowed is 3',
    );
  });

  it('keeps a placeholder the failure has no value for', () => {
    expect(formatRuleMessage({ rule: 'confirmed', params: {} })).toBe('Value must match {param}');
  });
});
