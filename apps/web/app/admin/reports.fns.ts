import { REPORT_MAX_DAYS } from '@coinfall/shared/contracts/admin-reports';

const DAY_MS = 86_400_000;
/** The range shown before any is chosen: the last week, today included. */
export const DEFAULT_REPORT_DAYS = 7;

/** A real calendar day (no 30 February), in the years the API accepts. */
function isDay(text: string | null): text is string {
  if (!text || !/^(19|20)\d\d-\d\d-\d\d$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text);
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ReportRange {
  from: string;
  to: string;
  /** Why the URL's range was not used, in words (the default week is shown instead). */
  problem?: string;
}

/**
 * The report's UTC days from the URL (`from`, `to`: YYYY-MM-DD, both included), checked as the
 * API checks them; without them, or with a range the API would refuse, the last week to `now`.
 */
export function reportRangeOf(params: URLSearchParams, now: number): ReportRange {
  const fallback = {
    from: dayOf(now - (DEFAULT_REPORT_DAYS - 1) * DAY_MS),
    to: dayOf(now),
  };
  const from = params.get('from');
  const to = params.get('to');
  if (from === null && to === null) return fallback;
  if (!isDay(from) || !isDay(to))
    return { ...fallback, problem: 'Both days are needed, as dates.' };
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) return { ...fallback, problem: 'The last day is before the first.' };
  if (days > REPORT_MAX_DAYS)
    return { ...fallback, problem: `A report covers at most ${REPORT_MAX_DAYS} days.` };
  return { from, to };
}

/** The CSV export of the same range: a plain link, the staff cookie goes with it. */
export function reportCsvHref(range: Pick<ReportRange, 'from' | 'to'>): string {
  return `/api/admin/reports/daily.csv?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;
}
