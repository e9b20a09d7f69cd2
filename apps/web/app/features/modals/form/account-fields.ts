import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { EMAIL, MIN_PASSWORD, REQUIRED, type FieldSpec } from './account-form.tsx';

/** The field kinds of spec §3 the account modals show, labelled in the current locale. */
export function useAccountFields() {
  const t = useMessages(modalMessages);
  const text = (name: string, label: string, autoComplete?: string): FieldSpec => ({
    name,
    label,
    type: 'text',
    autoComplete,
    checks: [REQUIRED],
  });
  return {
    email: {
      name: 'email',
      label: t.fieldEmail,
      type: 'email',
      autoComplete: 'email',
      checks: [REQUIRED, EMAIL],
    },
    password: {
      name: 'password',
      label: t.fieldPassword,
      type: 'password',
      checks: [REQUIRED, MIN_PASSWORD],
    },
    newPassword: {
      name: 'newPassword',
      label: t.fieldNewPassword,
      type: 'password',
      autoComplete: 'new-password',
      checks: [REQUIRED, MIN_PASSWORD],
    },
    repeatNewPassword: {
      name: 'repeatNewPassword',
      label: t.fieldRepeatPassword,
      type: 'password',
      autoComplete: 'new-password',
      checks: [REQUIRED, { rule: 'matches', field: 'newPassword' }],
    },
    firstName: text('firstName', t.fieldFirstName, 'given-name'),
    lastName: text('lastName', t.fieldLastName, 'family-name'),
    phone: {
      name: 'phone',
      label: t.fieldPhone,
      type: 'tel',
      autoComplete: 'tel',
      checks: [REQUIRED],
    },
    birthdate: {
      name: 'birthdate',
      label: t.fieldBirthdate,
      type: 'date',
      autoComplete: 'bday',
      checks: [REQUIRED],
    },
    address: text('address', t.fieldAddress, 'street-address'),
    city: text('city', t.fieldCity, 'address-level2'),
    region: text('region', t.fieldRegion, 'address-level1'),
    postalCode: text('postalCode', t.fieldPostalCode, 'postal-code'),
    country: text('country', t.fieldCountry, 'country-name'),
    agreements: {
      name: 'agreements',
      label: t.fieldAgreements,
      type: 'checkbox',
      checks: [REQUIRED],
    },
    receiveEmailPromo: {
      name: 'receiveEmailPromo',
      label: t.fieldReceiveEmailPromo,
      type: 'checkbox',
      checks: [],
    },
  } satisfies Record<string, FieldSpec>;
}
