// The server's English validation content and the shared rule messages must agree: the shared
// package cannot read app content (it is the floor), so the check lives on the content's side.
import { DEFAULT_RULE_MESSAGES, ruleMessageKeys } from '@coinfall/shared/validation/messages';
import { RULE_NAMES } from '@coinfall/shared/validation/rules';
import enValidations from '../../../content/published/en/validations.json' with { type: 'json' };

describe('validation message keys', () => {
  it('match the content document validations, and the defaults are its English text', () => {
    expect(DEFAULT_RULE_MESSAGES).toEqual(enValidations);
  });

  it('give every rule a message', () => {
    for (const rule of RULE_NAMES) {
      const keys = ruleMessageKeys({ rule, params: {} });
      expect(
        keys.some((key) => key in enValidations),
        rule,
      ).toBe(true);
    }
  });
});
