// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AccountForm, type FieldSpec } from './account-form.tsx';

const COUNTRY: FieldSpec = {
  name: 'country',
  label: 'Country',
  type: 'select',
  required: true,
  placeholder: 'Choose a country',
  options: [
    { value: 'US', label: 'United States' },
    { value: 'CA', label: 'Canada' },
  ],
};
const ZIP: FieldSpec = {
  name: 'postalCode',
  label: 'ZIP code',
  type: 'text',
  required: true,
  hint: 'Five digits',
};
const CITY: FieldSpec = { name: 'city', label: 'City', type: 'text', required: true };

describe('AccountForm (edit forms)', () => {
  afterEach(cleanup);

  it('starts from the given values and offers a select’s choices', () => {
    render(
      <AccountForm
        fields={[COUNTRY, CITY]}
        initialValues={{ country: 'CA', city: 'Toronto' }}
        submitLabel="Save"
        onSubmit={async () => undefined}
      />,
    );
    const country = screen.getByLabelText<HTMLSelectElement>('Country');
    expect(country.value).toBe('CA');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a country',
      'United States',
      'Canada',
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('Toronto');
  });

  it('ties the hint to its field and fills other fields from what a blur answers', async () => {
    const onFieldBlur = vi.fn(async (name: string) =>
      name === 'postalCode' ? { city: 'New York' } : undefined,
    );
    render(
      <AccountForm
        fields={[ZIP, CITY]}
        submitLabel="Save"
        onSubmit={async () => undefined}
        onFieldBlur={onFieldBlur}
      />,
    );
    const zip = screen.getByLabelText('ZIP code');
    expect(zip.getAttribute('aria-describedby')).toBe(screen.getByText('Five digits').id);
    fireEvent.change(zip, { target: { value: '10001' } });
    fireEvent.blur(zip);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('New York'),
    );
    expect(onFieldBlur).toHaveBeenCalledWith('postalCode', { postalCode: '10001', city: '' });
  });

  it('announces a success and can start again empty', async () => {
    render(
      <AccountForm
        fields={[CITY]}
        submitLabel="Save"
        onSubmit={async () => undefined}
        successMessage="Saved."
        resetOnSuccess
      />,
    );
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Lima' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('');
  });

  it('shows the server’s field problem on the field', async () => {
    render(
      <AccountForm
        fields={[CITY]}
        submitLabel="Save"
        onSubmit={async () => ({ fieldErrors: { city: 'Unknown city' } })}
      />,
    );
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Atlantis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('Unknown city')).toBeTruthy();
  });
});

describe('AccountForm (sign-up pieces)', () => {
  afterEach(cleanup);

  it('shows and hides a password with a button that says what it will do', () => {
    const password: FieldSpec = {
      name: 'password',
      label: 'Password',
      type: 'password',
      required: true,
    };
    render(
      <AccountForm fields={[password]} submitLabel="Sign up" onSubmit={async () => undefined} />,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Password');
    fireEvent.change(input, { target: { value: 'hunter22' } });
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    // Still the same field with the same value: showing it must not lose what was typed.
    expect(input.value).toBe('hunter22');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('links the consent to its pages while the checkbox keeps the plain label', async () => {
    const { ConsentLabel } = await import('./consent-label.tsx');
    const consent: FieldSpec = {
      name: 'agreements',
      label: 'I accept the Terms and the Privacy Policy',
      richLabel: (
        <ConsentLabel
          template="I accept the {terms} and the {privacy}"
          links={{
            terms: { text: 'Terms', path: '/static/terms' },
            privacy: { text: 'Privacy Policy', path: '/static/privacy' },
          }}
        />
      ),
      type: 'checkbox',
      required: true,
    };
    render(
      <AccountForm fields={[consent]} submitLabel="Sign up" onSubmit={async () => undefined} />,
    );
    expect(
      screen.getByRole('checkbox', { name: /I accept the Terms and the Privacy Policy/ }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/static/terms');
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(privacy.getAttribute('href')).toBe('/static/privacy');
    expect(privacy.getAttribute('target')).toBe('_blank');
  });
});
