import {
  DEFAULT_LOCALE,
  DEFAULT_REGISTRATION_FIELDS,
  LOCALES,
  registrationFieldListSchema,
} from '@coinfall/shared';
import { createContentStore, type ContentEdition } from './content.store.ts';

/** The registration form's field list (global-components `registrationFields`, decision 053). */
describe('registration field list in the content', () => {
  const store = createContentStore();

  it('is set only in the default locale, the one the server reads', () => {
    for (const edition of ['published', 'drafts'] as ContentEdition[]) {
      for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
        const own = store.find(edition, locale, 'global-components');
        // A draft without its own document falls back to the published one, checked above.
        const document = own?.document as { registrationFields?: unknown } | undefined;
        expect(document?.registrationFields, `${edition}/${locale}`).toBeUndefined();
      }
    }
  });

  it('publishes today’s form (no list, or the same one)', () => {
    const published = store.find('published', DEFAULT_LOCALE, 'global-components')?.document as {
      registrationFields?: unknown;
    };
    expect(published.registrationFields ?? DEFAULT_REGISTRATION_FIELDS).toEqual(
      DEFAULT_REGISTRATION_FIELDS,
    );
  });

  const issues = (list: unknown) =>
    registrationFieldListSchema.safeParse(list).error?.issues.map((i) => i.message) ?? [];

  it('refuses a list without a required email, password or agreements', () => {
    expect(issues(DEFAULT_REGISTRATION_FIELDS.filter((f) => f.name !== 'password'))).toEqual([
      '"password" must be listed and required',
    ]);
    expect(
      issues(DEFAULT_REGISTRATION_FIELDS.map((f) => ({ ...f, isRequired: f.name === 'email' }))),
    ).toEqual([
      '"password" must be listed and required',
      '"agreements" must be listed and required',
    ]);
  });

  it('refuses a forced promo consent, a field twice and a field registration does not store', () => {
    expect(
      issues([
        ...DEFAULT_REGISTRATION_FIELDS.slice(0, 3),
        { name: 'receiveEmailPromo', isRequired: true },
      ]),
    ).toEqual(['"receiveEmailPromo" is a consent and cannot be required']);
    expect(issues([...DEFAULT_REGISTRATION_FIELDS, { name: 'email', isRequired: true }])).toEqual([
      '"email" twice',
    ]);
    expect(
      issues([...DEFAULT_REGISTRATION_FIELDS, { name: 'phone', isRequired: true }]),
    ).toHaveLength(1);
  });
});
