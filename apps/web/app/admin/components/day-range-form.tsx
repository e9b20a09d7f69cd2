import { useState, type ReactNode } from 'react';
import { buttonClass } from '../../ui/button';
import { reportRangeOf, type ReportRange } from '../reports.fns';
import { formText, withChanges } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';
import { FILTER_INPUT, FILTER_LABEL } from './filter-fields';

/**
 * The range of UTC days a report screen shows, read from the URL (`from`, `to`) with its
 * default counted from when the page opened, so it stays put while the page is open.
 */
export function useDayRange(): ReportRange {
  const [params] = useUrlQuery();
  const [openedAt] = useState(() => Date.now());
  return reportRangeOf(params, openedAt);
}

/** The form that sets that range, and the alert when the URL's range was refused. */
export function DayRangeForm({
  range,
  label,
  children,
}: {
  range: ReportRange;
  /** The search form's accessible name. */
  label: string;
  /** More actions beside "Show" (a download, say). */
  children?: ReactNode;
}) {
  const [params, setParams] = useUrlQuery();
  return (
    <>
      <form
        key={params.toString()}
        role="search"
        aria-label={label}
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setParams(
            withChanges(params, { from: formText(form, 'from'), to: formText(form, 'to') }),
          );
        }}
      >
        <label className={FILTER_LABEL}>
          First day (UTC)
          <input
            name="from"
            type="date"
            required
            defaultValue={range.from}
            className={FILTER_INPUT}
          />
        </label>
        <label className={FILTER_LABEL}>
          Last day (UTC)
          <input name="to" type="date" required defaultValue={range.to} className={FILTER_INPUT} />
        </label>
        <button type="submit" className={buttonClass('primary', 'md')}>
          Show
        </button>
        {children}
      </form>
      {range.problem && (
        <p role="alert" className="mb-4 text-sm text-danger">
          {range.problem} Showing {range.from} to {range.to} instead.
        </p>
      )}
    </>
  );
}
