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
