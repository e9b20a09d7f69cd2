import {
  filterOf,
  isoFromLocalInput,
  nextSorting,
  pageOf,
  sortingOf,
  withChanges,
} from './search-params.fns';

const params = (text: string) => new URLSearchParams(text);

describe('the list pages’ URL state', () => {
  it('reads a page the API accepts, else the first', () => {
    expect(pageOf(params('page=3'))).toBe(3);
    for (const bad of ['page=0', 'page=-1', 'page=1.5', 'page=x', 'page=10001', ''])
      expect(pageOf(params(bad)), bad).toBe(1);
  });

  it('reads trimmed filters, empty ones as none', () => {
    expect(filterOf(params('q=%20ann%20'), 'q')).toBe('ann');
    expect(filterOf(params('q=%20'), 'q')).toBeUndefined();
  });

  it('goes back to the first page when a filter changes, and drops emptied ones', () => {
    expect(withChanges(params('q=a&page=4'), { q: 'b' }).toString()).toBe('q=b');
    expect(withChanges(params('q=a&status=3'), { status: '' }).toString()).toBe('q=a');
    expect(withChanges(params('q=a'), { page: 2 }).toString()).toBe('q=a&page=2');
    expect(withChanges(params('q=a&page=2'), { page: 1 }).toString()).toBe('q=a');
  });

  it('reads a datetime-local value as UTC', () => {
    expect(isoFromLocalInput('2026-11-27T09:05')).toBe('2026-11-27T09:05:00.000Z');
    expect(isoFromLocalInput('nonsense')).toBeUndefined();
    expect(isoFromLocalInput(undefined)).toBeUndefined();
  });

  it('reads a whitelisted sort and its order, else the default newest first', () => {
    const sorts = ['createdAt', 'email'] as const;
    expect(sortingOf(params('sort=email&order=asc'), sorts, 'createdAt')).toEqual({
      sort: 'email',
      order: 'asc',
    });
    expect(sortingOf(params('sort=password_hash&order=up'), sorts, 'createdAt')).toEqual({
      sort: 'createdAt',
      order: 'desc',
    });
    // A queue's default is oldest first; an explicit order still wins.
    expect(sortingOf(params(''), sorts, 'createdAt', 'asc').order).toBe('asc');
    expect(sortingOf(params('order=desc'), sorts, 'createdAt', 'asc').order).toBe('desc');
  });

  it('flips the order on the same column and starts another descending', () => {
    expect(nextSorting({ sort: 'email', order: 'desc' }, 'email')).toEqual({
      sort: 'email',
      order: 'asc',
    });
    expect(nextSorting({ sort: 'email', order: 'asc' }, 'email').order).toBe('desc');
    expect(nextSorting({ sort: 'email', order: 'asc' }, 'createdAt')).toEqual({
      sort: 'createdAt',
      order: 'desc',
    });
  });
});
