// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EditOrNew, editedIdOf } from './edit-or-new';

const query = (over: Partial<Parameters<typeof EditOrNew<string>>[0]['query']> = {}) => ({
  data: undefined as string | undefined,
  isPending: false,
  isError: false,
  refetch: vi.fn(),
  ...over,
});
const form = (record: string | null) => <p>form of {record ?? 'a new record'}</p>;

describe('editedIdOf', () => {
  it('reads a positive whole id and takes anything else for a new record', () => {
    expect(editedIdOf({ id: '42' })).toBe(42);
    expect(editedIdOf({})).toBeNull();
    expect(editedIdOf({ id: 'new' })).toBeNull();
    expect(editedIdOf({ id: '0' })).toBeNull();
    expect(editedIdOf({ id: '-3' })).toBeNull();
    expect(editedIdOf({ id: '1.5' })).toBeNull();
  });
});

describe('EditOrNew', () => {
  afterEach(cleanup);

  it('shows the blank form at once for a new record, whatever the disabled query says', () => {
    render(
      <EditOrNew id={null} query={query({ isPending: true })}>
        {form}
      </EditOrNew>,
    );
    expect(screen.getByText('form of a new record')).toBeTruthy();
  });

  it('shows a busy skeleton while the record loads, then its form', () => {
    const { rerender } = render(
      <EditOrNew id={7} query={query({ isPending: true })}>
        {form}
      </EditOrNew>,
    );
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/form of/)).toBeNull();
    rerender(
      <EditOrNew id={7} query={query({ data: 'bonus 7' })}>
        {form}
      </EditOrNew>,
    );
    expect(screen.getByText('form of bonus 7')).toBeTruthy();
  });

  it('announces a failed load and retries it', () => {
    const failed = query({ isError: true });
    render(
      <EditOrNew id={7} query={failed}>
        {form}
      </EditOrNew>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });
});
