import type { RuleFailure, RuleName } from './rule-types.ts';

/**
 * The English text for every message key a failure can produce, keyed like the content
 * document `validations` so a locale's text can replace any of them.
 */
export const DEFAULT_RULE_MESSAGES: Readonly<Record<string, string>> = {
  required: 'Value is required',
  email: 'Value is not a valid email address',
  max: 'The maximum length allowed is {max}',
  min: 'This field should be at least {min} characters long',
  between: 'The value must be between {min} and {max}',
  integer: 'Value is not an integer',
  min_value: 'The minimum value allowed is {min}',
  max_value: 'The maximum value allowed is {max}',
  digits: 'Value must be exactly {param} digits',
  digits_between: 'Value must have between {min} and {max} digits',
  decimal: 'Value must be a decimal number',
  numeric: 'Value must be a number',
  phone: 'Value is not a valid phone number',
  NOT_A_NUMBER: 'Value is not a valid phone number',
  TOO_SHORT: 'The phone number is too short',
  TOO_LONG: 'The phone number is too long',
  INVALID_COUNTRY: 'The phone number has an invalid country code',
  name: 'Only letters, digits, spaces, dashes, dots and commas are allowed',
  postalCode: 'The postal code must be exactly 5 characters',
  minAge: 'You must be at least {param} years old',
  maxAge: 'Age must not be more than {param} years',
  confirmed: 'Value must match {param}',
  different: 'Value must be different from {param}',
  countryCode: 'Value must be a two-letter country code',
  languageCode: 'Value must be a two-letter language code',
  accepted: 'This must be accepted',
  declined: 'This must be declined',
  date: 'Value is not a valid date',
  before: 'The date must be before {param}',
  before_or_equal: 'The date must be on or before {param}',
  after: 'The date must be after {param}',
  after_or_equal: 'The date must be on or after {param}',
  date_equals: 'The date must be {param}',
  required_if: 'Value is required when {param} is set',
  alpha_dash: 'Only letters, digits, underscores and dashes are allowed',
  boolean: 'Value must be true or false',
  url: 'Value is not a valid URL',
  ip: 'Value is not a valid IP address',
  mac_address: 'Value is not a valid MAC address',
  regex: 'Value has an invalid format',
  not_regex: 'Value has an invalid format',
  array: 'Value must be a list',
  string: 'Value must be text',
  lowercase: 'Value must be in lowercase',
  uppercase: 'Value must be in uppercase',
  cardNumber: 'The card number is not valid',
  and: 'Value does not meet all of the requirements',
  or: 'Value does not meet any of the requirements',
  not: 'Value is not allowed',
};

/** Rules whose content key has another name. */
const CONTENT_KEY_OF_RULE: Partial<Record<RuleName, string>> = { mac: 'mac_address' };

/** Keys to look a failure's text up by, most specific first. */
export function ruleMessageKeys(failure: RuleFailure): string[] {
  const ruleKey = CONTENT_KEY_OF_RULE[failure.rule] ?? failure.rule;
  return failure.code === undefined ? [ruleKey] : [failure.code, ruleKey];
}

function fillPlaceholders(template: string, params: RuleFailure['params']): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
    const value = params[key];
    return value === undefined ? placeholder : String(value);
  });
}

/**
 * The text for a failure: the content's message when it has one for any of the failure's keys
 * (a locale may leave some out), else the English default, with {min} {max} {param} filled in.
 */
export function formatRuleMessage(
  failure: RuleFailure,
  messagesFromContent?: Readonly<Record<string, string | undefined>>,
): string {
  const keys = ruleMessageKeys(failure);
  const template =
    keys.map((key) => messagesFromContent?.[key]).find((text) => text !== undefined) ??
    keys.map((key) => DEFAULT_RULE_MESSAGES[key]).find((text) => text !== undefined) ??
    'Value is not valid';
  return fillPlaceholders(template, failure.params);
}
