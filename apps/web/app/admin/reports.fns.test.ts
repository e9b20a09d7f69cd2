import { reportCsvHref, reportRangeOf } from './reports.fns';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const range = (query: Record<string, string>) => reportRangeOf(new URLSearchParams(query), NOW);

describe('reportRangeOf', () => {
  it('shows the last week, today included, when no range is chosen', () => {
    expect(range({})).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });

  it('takes a valid range as it is, a single day included', () => {
    expect(range({ from: '2026-10-01', to: '2026-10-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(range({ from: '2026-10-01', to: '2026-10-01' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-01',
    });
  });

  it('falls back to the last week and says why for a range the API refuses', () => {
    const week = { from: '2026-11-21', to: '2026-11-27' };
    expect(range({ from: '2026-10-02', to: '2026-10-01' })).toEqual({
      ...week,
      problem: 'The last day is before the first.',
    });
    expect(range({ from: '2026-02-30', to: '2026-03-01' }).problem).toBe(
      'Both days are needed, as dates.',
    );
    expect(range({ from: '2026-01-01' }).problem).toBe('Both days are needed, as dates.');
    // 366 days at most, both ends included (as the API counts them).
    expect(range({ from: '2024-01-01', to: '2025-01-01' }).problem).toBe(
      'A report covers at most 366 days.',
    );
    expect(range({ from: '2024-01-01', to: '2024-12-31' }).problem).toBeUndefined();
  });
});

describe('reportCsvHref', () => {
  it('asks the CSV endpoint for the same days', () => {
    expect(reportCsvHref({ from: '2026-11-01', to: '2026-11-07' })).toBe(
      '/api/admin/reports/daily.csv?from=2026-11-01&to=2026-11-07',
    );
  });
});
