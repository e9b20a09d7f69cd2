import { z } from 'zod';
import {
  contentTextSchema,
  contentTemplateSchema,
  contentImageSchema,
  strictGroup,
  buttonSchema,
} from './content-base.ts';

// ---------------------------------------------------------------------------------------------
// validations: generic messages of spec §5 by rule, plus the phone parse codes

export const PHONE_PARSE_ERRORS = [
  'NOT_A_NUMBER',
  'TOO_SHORT',
  'TOO_LONG',
  'INVALID_COUNTRY',
] as const;
/** Placeholders each rule's message must show; rules not listed take none. */
export const VALIDATION_RULE_PLACEHOLDERS = {
  min: ['min'],
  max: ['max'],
  between: ['min', 'max'],
  min_value: ['min'],
  max_value: ['max'],
  digits: ['param'],
  digits_between: ['min', 'max'],
  minAge: ['param'],
  maxAge: ['param'],
  confirmed: ['param'],
  different: ['param'],
  before: ['param'],
  before_or_equal: ['param'],
  after: ['param'],
  after_or_equal: ['param'],
  date_equals: ['param'],
  required_if: ['param'],
} as const satisfies Record<string, readonly string[]>;
// prettier-ignore
export const VALIDATION_RULES = [
  ...(Object.keys(VALIDATION_RULE_PLACEHOLDERS) as (keyof typeof VALIDATION_RULE_PLACEHOLDERS)[]),
  'required', 'email', 'url', 'ip', 'mac_address', 'integer', 'decimal', 'numeric', 'phone',
  'name', 'postalCode', 'countryCode', 'languageCode', 'accepted', 'declined', 'date',
  'alpha_dash', 'boolean', 'regex', 'not_regex', 'array', 'string', 'lowercase', 'uppercase',
  'cardNumber', 'and', 'or', 'not',
] as const;
export type ValidationRule = (typeof VALIDATION_RULES)[number];
export type ValidationMessageKey = ValidationRule | (typeof PHONE_PARSE_ERRORS)[number];

function validationMessageSchema(key: ValidationMessageKey) {
  const placeholders: readonly string[] =
    (VALIDATION_RULE_PLACEHOLDERS as Record<string, readonly string[]>)[key] ?? [];
  return contentTemplateSchema(placeholders, placeholders);
}
export const validationsSchema = strictGroup(
  [...VALIDATION_RULES, ...PHONE_PARSE_ERRORS],
  validationMessageSchema,
);

// ---------------------------------------------------------------------------------------------
// fields: label and placeholder of every form field kind of spec §3

// prettier-ignore
export const FORM_FIELD_KINDS = [
  'password', 'currentPassword', 'newPassword', 'repeatNewPassword', 'firstName', 'lastName',
  'nationality', 'nickname', 'gender', 'city', 'address', 'additionalAddress', 'postalCode',
  'timeZone', 'profession', 'language', 'captcha', 'bonusCode', 'securityQuestion',
  'securityAnswer', 'email', 'country', 'currency', 'agreements', 'receiveEmailPromo',
  'receiveSmsPromo', 'receiveBonus', 'phone', 'birthdate', 'placeOfBirth', 'personalIdNumber',
  'message',
  // Not a §3 kind, but a profile field the complete-profile form always asks for.
  'region',
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];
export const fieldTextSchema = z.strictObject({
  label: contentTextSchema,
  placeholder: contentTextSchema.optional(),
  hint: contentTextSchema.optional(),
  /** Choice labels by value (gender, language, security questions). */
  options: z.record(z.string().regex(/^[a-zA-Z0-9-]+$/), contentTextSchema).optional(),
  /** Documents a checkbox label refers to (terms, privacy). */
  links: z.array(buttonSchema).optional(),
});
export const fieldsSchema = z.record(z.enum(FORM_FIELD_KINDS), fieldTextSchema);

// ---------------------------------------------------------------------------------------------
// popups: texts of every modal of spec §2, by modal name

// prettier-ignore
export const POPUP_KEYS = [
  'register', 'signIn', 'success', 'error', 'confirm', 'forgotPass', 'resetPass', 'bundles',
  'verifyBonus', 'profile', 'profileTerms', 'userName', 'userNameEmail', 'verifyPhone', 'payment',
  'cardInfo', 'redeem', 'maintenance', 'kycVerified', 'w9', 'removeAccount', 'redeemLimits',
  'purchase', 'receiveBonus', 'deposit', 'withdraw', 'registerCancel', 'fiat',
] as const;
export type PopupKey = (typeof POPUP_KEYS)[number];
const POPUP_PLACEHOLDERS = [
  'amount',
  'currency',
  'code',
  'phone',
  'email',
  'count',
  'min',
  'max',
  'date',
];
const popupTemplate = contentTemplateSchema(POPUP_PLACEHOLDERS);
export const popupTextSchema = z.strictObject({
  title: popupTemplate,
  description: popupTemplate.optional(),
  image: contentImageSchema.optional(),
  primaryButton: contentTextSchema.optional(),
  secondaryButton: contentTextSchema.optional(),
  /** Further lines of this modal by key, e.g. the error modal's texts per error code. */
  texts: z.record(z.string().regex(/^[a-zA-Z0-9]+$/), popupTemplate).optional(),
});
export const popupsSchema = z.record(z.enum(POPUP_KEYS), popupTextSchema);
