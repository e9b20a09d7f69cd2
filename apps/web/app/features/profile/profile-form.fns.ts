import type {
  FieldValidation,
  PlayerProfile,
  UpdateProfileBody,
} from '@coinfall/shared/contracts/player';
import { ALWAYS_REQUIRED_FIELDS } from '@coinfall/shared/validation/index';
import type { FormValues } from '../../ui/form/account-form.tsx';

/**
 * Form fields of the profile, in the order they are shown: the order a person fills them in,
 * with the country first among the address fields (it decides what a ZIP means), then the ZIP,
 * which fills city and state, then the street.
 */
export const PROFILE_FORM_FIELDS = [
  'firstName',
  'lastName',
  'nickname',
  'birthdate',
  'phone',
  'country',
  'postalCode',
  'city',
  'region',
  'address',
  'agreements',
] as const;
export type ProfileFormField = (typeof PROFILE_FORM_FIELDS)[number];

/** The server's list names the terms `agreedTc` (profile) or `agreements` (forms): one box. */
const FORM_NAME_OF: Readonly<Record<string, ProfileFormField | undefined>> = {
  agreedTc: 'agreements',
};

/** Body field → form field, for the server's 400 answers. */
export const PROFILE_FIELD_ALIASES = { agreedTc: 'agreements' } as const;

export interface ProfileFormFieldItem {
  name: ProfileFormField;
  required: boolean;
}

const isFormField = (name: string): name is ProfileFormField =>
  (PROFILE_FORM_FIELDS as readonly string[]).includes(name);

/**
 * The profile form's fields from the server's list (scenario=profile): only fields the form can
 * edit (email is not one), in display order, with agreements, city and region always present
 * and required (spec §5).
 */
export function profileFormFields(list: readonly FieldValidation[]): ProfileFormFieldItem[] {
  const required = new Map<ProfileFormField, boolean>();
  for (const item of list) {
    const name = FORM_NAME_OF[item.name] ?? item.name;
    if (!isFormField(name)) continue;
    required.set(name, (required.get(name) ?? false) || item.isRequired);
  }
  for (const name of ALWAYS_REQUIRED_FIELDS) required.set(name, true);
  return PROFILE_FORM_FIELDS.filter((name) => required.has(name)).map((name) => ({
    name,
    required: required.get(name) ?? false,
  }));
}

/**
 * The country to start an empty profile with: the region of the browser's first language that
 * names an offered country ("en-US" → US). The site has no IP location, and the browser's
 * position needs a reverse lookup it does not have; the player can always change it.
 */
export function defaultCountry(
  languages: readonly string[],
  offered: ReadonlySet<string>,
): string | undefined {
  for (const tag of languages) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(tag)?.[1]?.toUpperCase();
    if (region && offered.has(region)) return region;
  }
  return undefined;
}

/** The form's starting values: the profile as it stands (nulls as empty fields). */
export function profileFormValues(profile: PlayerProfile): FormValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    nickname: profile.nickname ?? '',
    birthdate: profile.birthdate ?? '',
    phone: profile.phone ? `+${profile.phone.replace(/^\+/, '')}` : '',
    address: profile.address ?? '',
    postalCode: profile.postalCode ?? '',
    city: profile.city ?? '',
    region: profile.region ?? '',
    country: profile.country ?? '',
    agreements: profile.agreedTc,
  };
}

const text = (values: FormValues, name: string): string => {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** Phones are stored as digits without "+" (the shared phone rule adds it back to parse). */
export function normalizePhone(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The PUT /api/player/profile body of the fields the form shows. An empty required field is
 * left out (the checks have refused the form already); an empty nickname clears it. The terms
 * are sent only when they are being accepted now: they cannot be withdrawn.
 */
export function profileUpdateBody(
  values: FormValues,
  shown: readonly ProfileFormFieldItem[],
  profile: Pick<PlayerProfile, 'agreedTc'>,
): UpdateProfileBody {
  const body: Record<string, unknown> = {};
  for (const { name } of shown) {
    if (name === 'agreements') {
      if (values.agreements === true && !profile.agreedTc) body.agreedTc = true;
      continue;
    }
    const value = name === 'phone' ? normalizePhone(text(values, name)) : text(values, name);
    if (name === 'nickname') body.nickname = value === '' ? null : value;
    else if (name === 'country') {
      if (value) body.country = value.toUpperCase();
    } else if (value) body[name] = value;
  }
  return body;
}
