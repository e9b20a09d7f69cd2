import { z } from 'zod';
import { fail } from './rule-types.ts';
import type { RuleFn, RuleName, RuleResult } from './rule-types.ts';

const POSTAL_CODE_LENGTH = 5;

const emailSchema = z.email();
// Users type links into forms; anything but http(s) (javascript:, data:…) is refused.
const urlSchema = z.url({ protocol: /^https?$/ });
const ipv4Schema = z.ipv4();
const ipv6Schema = z.ipv6();
const macSchemas = [z.mac({ delimiter: ':' }), z.mac({ delimiter: '-' })];

function matches(rule: RuleName, test: (text: string) => boolean) {
  return (value: unknown): RuleResult =>
    typeof value === 'string' && test(value) ? true : fail(rule);
}

function matchesPattern(rule: RuleName, pattern: RegExp) {
  return matches(rule, (text) => pattern.test(text));
}

function matchesSchema(rule: RuleName, ...schemas: z.ZodType[]) {
  return matches(rule, (text) => schemas.some((schema) => schema.safeParse(text).success));
}

/** A fresh non-global copy: a /g pattern's lastIndex would make repeated tests flip. */
function toPattern(pattern: RegExp | string): RegExp {
  return typeof pattern === 'string'
    ? new RegExp(pattern)
    : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
}

/** Numbers are checked as their decimal text, the way a form would have sent them. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

export const countryCode: RuleFn<'countryCode'> = matchesPattern('countryCode', /^[A-Z]{2}$/);
export const languageCode: RuleFn<'languageCode'> = matchesPattern('languageCode', /^[a-z]{2}$/);
// Letters of any script (with their combining marks), digits, dash, dot, comma and space.
export const name: RuleFn<'name'> = matchesPattern('name', /^[\p{L}\p{M}\p{Nd}\-., ]+$/u);
export const alpha_dash: RuleFn<'alpha_dash'> = matchesPattern(
  'alpha_dash',
  /^[\p{L}\p{M}\p{Nd}_-]+$/u,
);
export const lowercase: RuleFn<'lowercase'> = matches('lowercase', (t) => t === t.toLowerCase());
export const uppercase: RuleFn<'uppercase'> = matches('uppercase', (t) => t === t.toUpperCase());
export const string: RuleFn<'string'> = matches('string', () => true);
export const array: RuleFn<'array'> = (value) => (Array.isArray(value) ? true : fail('array'));

export const email: RuleFn<'email'> = matchesSchema('email', emailSchema);
export const url: RuleFn<'url'> = matchesSchema('url', urlSchema);
export const mac: RuleFn<'mac'> = matchesSchema('mac', ...macSchemas);
export const ip: RuleFn<'ip'> = (value, params) => {
  const version = params?.version;
  const schemas =
    version === 4 ? [ipv4Schema] : version === 6 ? [ipv6Schema] : [ipv4Schema, ipv6Schema];
  return matchesSchema('ip', ...schemas)(value);
};

export const postalCode: RuleFn<'postalCode'> = (value) => {
  const text = asText(value);
  return text !== undefined && [...text].length === POSTAL_CODE_LENGTH ? true : fail('postalCode');
};

export const regex: RuleFn<'regex'> = (value, { pattern }) => {
  const text = asText(value);
  return text !== undefined && toPattern(pattern).test(text) ? true : fail('regex');
};

export const not_regex: RuleFn<'not_regex'> = (value, { pattern }) => {
  const text = asText(value);
  return text !== undefined && !toPattern(pattern).test(text) ? true : fail('not_regex');
};
