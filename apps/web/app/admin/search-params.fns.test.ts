import { filterOf, isoFromLocalInput, pageOf, withChanges } from './search-params.fns';

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
});
