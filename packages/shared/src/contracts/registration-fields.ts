import type { FieldValidation } from './player.ts';

/**
 * The registration form's configurable field list (spec §3 "The registration form has a
 * configurable field list"; issue 20, decision 053). Only the fields POST /api/player/register
 * stores may be listed: a field the server would drop is a field the site must not ask for.
 * No zod here: the sign-up form imports these; the content's schema is in content-marketing.
 */
export const REGISTRATION_FIELD_KINDS = [
  'email',
  'password',
  'agreements',
  'receiveEmailPromo',
  'nickname',
] as const;
export type RegistrationFieldKind = (typeof REGISTRATION_FIELD_KINDS)[number];

/** Without these there is no account: always listed, always required. */
export const ACCOUNT_FIELD_KINDS: readonly RegistrationFieldKind[] = [
  'email',
  'password',
  'agreements',
];
/** A marketing consent is never forced: it may be listed, but only as optional. */
export const NEVER_REQUIRED_FIELD_KINDS: readonly RegistrationFieldKind[] = ['receiveEmailPromo'];

/** Today's form, what the site asks when the content does not say. */
export const DEFAULT_REGISTRATION_FIELDS: readonly FieldValidation[] = [
  { name: 'email', isRequired: true },
  { name: 'password', isRequired: true },
  { name: 'agreements', isRequired: true },
  { name: 'receiveEmailPromo', isRequired: false },
];
