import { useMemo, useState } from 'react';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { useAccountFields } from '../../../ui/form/account-fields.ts';
import {
  AccountForm,
  type FieldSpec,
  type FormValues,
  type SubmitProblems,
} from '../../../ui/form/account-form.tsx';
import { useProfile } from '../../../lib/query/player-queries.ts';
import { ApiError, fieldIssuesOf } from '../../../lib/api/api-error.ts';
import { useCountries } from '../api/countries.ts';
import { lookupPostalCode } from '../api/geocode.ts';
import { updateProfile, useProfileFields } from '../api/profile.ts';
import {
  defaultCountry,
  PROFILE_FIELD_ALIASES,
  profileFormFields,
  profileFormValues,
  profileUpdateBody,
  type ProfileFormField,
  type ProfileFormFieldItem,
} from '../profile-form.fns.ts';
import { LoadFailed, Skeleton } from '../../../ui/load-state.tsx';

/**
 * The profile form of spec §3, shared by /profile/info and the profile modal: the fields the
 * server lists for scenario=profile (agreements, city and region always required), checked with
 * the shared rules before sending; the ZIP code fills city and state when it is known.
 */
export function ProfileForm({
  onSaved,
  submitLabel,
}: {
  /** After a successful save, with the profile the server answered. */
  onSaved?: (profile: PlayerProfile) => void;
  submitLabel?: string;
}) {
  const t = useMessages(profileMessages);
  const locale = useLocale();
  const profile = useProfile();
  const fields = useProfileFields();
  const countries = useCountries(locale);

  const queries = [profile, fields, countries];
  if (queries.some((q) => q.isError)) {
    return (
      <LoadFailed
        texts={t}
        onRetry={() => {
          for (const q of queries) if (q.isError) void q.refetch();
        }}
      />
    );
  }
  if (!profile.data || !fields.data || !countries.data)
    return <Skeleton rows={6} label={t.loading} />;

  return (
    <LoadedProfileForm
      profile={profile.data}
      shown={profileFormFields(fields.data)}
      countries={countries.data}
      onSaved={onSaved}
      submitLabel={submitLabel ?? t.formSubmit}
    />
  );
}

function LoadedProfileForm({
  profile,
  shown,
  countries,
  onSaved,
  submitLabel,
}: {
  profile: PlayerProfile;
  shown: ProfileFormFieldItem[];
  countries: ReadonlyArray<{ code: string; name: string }>;
  onSaved?: (profile: PlayerProfile) => void;
  submitLabel: string;
}) {
  const t = useMessages(profileMessages);
  const account = useAccountFields();
  // The starting values are read once, when the form mounts; later cache updates (this form's
  // own save) must not reset what the player is typing.
  // An empty country starts from the browser's region (spec: defaulted from the location).
  const [initialValues] = useState(() => {
    const values = profileFormValues(profile);
    if (values.country) return values;
    const guess = defaultCountry(
      typeof navigator === 'undefined' ? [] : navigator.languages,
      new Set(countries.map((c) => c.code)),
    );
    return guess ? { ...values, country: guess } : values;
  });

  const specs = useMemo(() => {
    const byName: Record<ProfileFormField, Omit<FieldSpec, 'required'>> = {
      firstName: account.firstName,
      lastName: account.lastName,
      nickname: {
        name: 'nickname',
        label: t.fieldNickname,
        type: 'text',
        autoComplete: 'nickname',
      },
      birthdate: account.birthdate,
      phone: { ...account.phone, hint: t.phoneHint },
      address: account.address,
      postalCode: { ...account.postalCode, hint: t.postalCodeHint, inputMode: 'numeric' },
      city: account.city,
      region: account.region,
      country: {
        name: 'country',
        label: account.country.label,
        type: 'select',
        autoComplete: 'country',
        placeholder: t.countryPlaceholder,
        options: countries.map((c) => ({ value: c.code, label: c.name })),
      },
      agreements: { ...account.agreements, disabled: profile.agreedTc },
    };
    return shown.map((item): FieldSpec => ({ ...byName[item.name], required: item.required }));
  }, [account, countries, shown, t, profile.agreedTc]);

  const messages = useMemo(
    () => ({
      name: t.checkName,
      postalCode: t.checkPostalCode,
      phone: t.checkPhone,
      NOT_A_NUMBER: t.checkPhone,
      TOO_SHORT: t.checkPhone,
      TOO_LONG: t.checkPhone,
      INVALID_COUNTRY: t.checkPhone,
      INVALID: t.checkPhone,
      minAge: t.checkMinAge,
      date: t.checkDate,
    }),
    [t],
  );

  const submit = async (values: FormValues): Promise<SubmitProblems | undefined> => {
    try {
      const saved = await updateProfile(profileUpdateBody(values, shown, profile));
      onSaved?.(saved);
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400)
        return { formError: t.somethingWrong };
      const fieldErrors = fieldIssuesOf(error, PROFILE_FIELD_ALIASES);
      const hidden = Object.keys(fieldErrors).some((name) => !shown.some((f) => f.name === name));
      return {
        fieldErrors,
        formError: hidden || !Object.keys(fieldErrors).length ? t.somethingWrong : undefined,
      };
    }
  };

  // Postal code + country → city and state, whichever of the two is filled last; the lookup
  // is a convenience, so failures are silent.
  const fillFromPostalCode = async (name: string, values: FormValues) => {
    if (name !== 'postalCode' && name !== 'country') return undefined;
    if (!shown.some((f) => f.name === 'city')) return undefined;
    const found = await lookupPostalCode(
      String(values.country ?? ''),
      String(values.postalCode ?? ''),
    );
    return found ? { city: found.city, region: found.region } : undefined;
  };

  return (
    <div className="flex flex-col gap-4">
      <p
        className={`rounded-lg px-3 py-2 text-sm ${profile.isComplete ? 'bg-success/10 text-success' : 'bg-accent/10 text-accent-strong'}`}
        data-testid="profile-completeness"
      >
        {profile.isComplete ? t.formComplete : t.formIncomplete}
      </p>
      <p className="text-sm text-text-muted">
        {t.fieldEmail}: <span className="text-text">{profile.email}</span>
      </p>
      <AccountForm
        fields={specs}
        initialValues={initialValues}
        messages={messages}
        submitLabel={submitLabel}
        onSubmit={submit}
        onFieldBlur={fillFromPostalCode}
        successMessage={t.formSaved}
        markMissing={!profile.isComplete}
      />
    </div>
  );
}
