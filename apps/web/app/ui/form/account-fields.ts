import { createElement } from 'react';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import type { FieldSpec } from './account-form.tsx';
import { ConsentLabel } from './consent-label.tsx';

/** The content pages the sign-up consent links to (static-pages content). */
const TERMS_PATH = '/static/terms';
const PRIVACY_PATH = '/static/privacy';

/**
 * The field kinds of spec §3 the account modals show, labelled in the current locale. Their
 * checks are the shared rules of spec §5 (buildFieldRules): `required` where marked, plus each
 * kind's own rules (email shape, password length, name characters, age…).
 */
export function useAccountFields() {
  const t = useMessages(modalMessages);
  const text = (name: string, label: string, autoComplete?: string): FieldSpec => ({
    name,
    label,
    type: 'text',
    autoComplete,
    required: true,
  });
  return {
    email: {
      name: 'email',
      label: t.fieldEmail,
      type: 'email',
      autoComplete: 'email',
      required: true,
    },
    password: {
      name: 'password',
      label: t.fieldPassword,
      type: 'password',
      required: true,
    },
    newPassword: {
      name: 'newPassword',
      label: t.fieldNewPassword,
      type: 'password',
      autoComplete: 'new-password',
      required: true,
    },
    repeatNewPassword: {
      name: 'repeatNewPassword',
      label: t.fieldRepeatPassword,
      type: 'password',
      autoComplete: 'new-password',
      required: true,
    },
    firstName: text('firstName', t.fieldFirstName, 'given-name'),
    lastName: text('lastName', t.fieldLastName, 'family-name'),
    phone: {
      name: 'phone',
      label: t.fieldPhone,
      type: 'tel',
      autoComplete: 'tel',
      required: true,
    },
    birthdate: {
      name: 'birthdate',
      label: t.fieldBirthdate,
      type: 'date',
      autoComplete: 'bday',
      required: true,
    },
    address: text('address', t.fieldAddress, 'street-address'),
    city: text('city', t.fieldCity, 'address-level2'),
    region: text('region', t.fieldRegion, 'address-level1'),
    postalCode: text('postalCode', t.fieldPostalCode, 'postal-code'),
    country: text('country', t.fieldCountry, 'country-name'),
    agreements: {
      name: 'agreements',
      label: formatMessage(t.fieldAgreements, {
        terms: t.fieldAgreementsTerms,
        privacy: t.fieldAgreementsPrivacy,
      }),
      richLabel: createElement(ConsentLabel, {
        template: t.fieldAgreements,
        links: {
          terms: { text: t.fieldAgreementsTerms, path: TERMS_PATH },
          privacy: { text: t.fieldAgreementsPrivacy, path: PRIVACY_PATH },
        },
      }),
      type: 'checkbox',
      required: true,
    },
    receiveEmailPromo: {
      name: 'receiveEmailPromo',
      label: t.fieldReceiveEmailPromo,
      type: 'checkbox',
      required: false,
    },
  } satisfies Record<string, FieldSpec>;
}
