import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { useAnalyticsReport } from '../api/admin-analytics';
import { DayRangeForm, useDayRange } from '../components/day-range-form';

export const meta = () => adminMeta('Analytics');

const NUM = 'px-3 py-2 text-right tabular-nums';

/** A column: its header, whether it holds a number (right-aligned), and its cell. */
type Column<T> = readonly [header: string, numeric: boolean, cell: (row: T) => ReactNode];

function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-xs text-text-muted uppercase">
          <tr>
            {columns.map(([header, numeric]) => (
              <th
                key={header}
                scope="col"
                className={`px-3 py-2 font-semibold ${numeric ? 'text-right' : ''}`}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-border">
              {columns.map(([header, numeric, cell]) => (
                <td key={header} className={numeric ? NUM : 'px-3 py-2 break-all'}>
                  {cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One report: its heading, what it counts, and its table — or a line saying it is empty. */
function Report<T>({
  id,
  title,
  note,
  query,
  empty,
  children,
}: {
  id: string;
  title: string;
  note: string;
  query: UseQueryResult<{ data: T[] }>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-1 text-lg font-semibold">
        {title}
      </h2>
      <p className="mb-2 text-sm text-text-muted">{note}</p>
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={4}>
        {(report) => (
          <div aria-busy={query.isFetching || undefined}>
            {report.data.length === 0 ? (
              <p className="rounded-xl border border-border px-3 py-4 text-sm text-text-muted">
                {empty}
              </p>
            ) : (
              children(report.data)
            )}
          </div>
        )}
      </LoadState>
    </section>
  );
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

/**
 * The growth figures (issue 19, decision 054) for a range of UTC days: active players and
 * sessions per day from the site's analytics events, page views by path and events by type, and
 * the registration → first purchase funnel by affiliate tag and UTM source from the players'
 * own records. Staff with analytics.read (admin, marketing, finance).
 */
export default function AdminAnalytics() {
  const range = useDayRange();
  const days = { from: range.from, to: range.to };
  const active = useAnalyticsReport('active-players', days);
  const sessions = useAnalyticsReport('sessions', days);
  const pageViews = useAnalyticsReport('page-views', days);
  const events = useAnalyticsReport('events', days);
  const funnel = useAnalyticsReport('funnel', days);
  const sessionsByDay = new Map(sessions.data?.data.map((d) => [d.date, d.sessions]));

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Analytics</h1>
      <p className="mb-4 text-sm text-text-muted">
        Per UTC day, both days included. Events are what the site’s analytics sent us; a visitor
        with a blocker sends none, so the funnel counts registrations and purchases instead.
      </p>
      <DayRangeForm range={range} label="Analytics range" />
      <Report
        id="analytics-daily"
        title="Active players and sessions"
        note="Players: distinct signed-in user ids. Devices: distinct devices, signed in or not. Sessions: the analytics SDK’s sessions (30 minutes without activity end one)."
        query={active}
        empty="No days in this range."
      >
        {(rows) => (
          <Table
            caption="Active players, devices and sessions per UTC day"
            rowKey={(r) => r.date}
            rows={rows}
            columns={[
              ['Day', false, (r) => r.date],
              ['Players', true, (r) => r.players],
              ['Devices', true, (r) => r.devices],
              ['Sessions', true, (r) => sessionsByDay.get(r.date) ?? '…'],
            ]}
          />
        )}
      </Report>
      <Report
        id="analytics-funnel"
        title="Registration → first purchase"
        note="Players who registered in these days, by the affiliate tag and UTM source of their visit, and how many of them have completed a purchase."
        query={funnel}
        empty="Nobody registered in these days."
      >
        {(rows) => (
          <Table
            caption="Registrations and first purchases by affiliate tag and UTM source"
            rowKey={(r) => `${r.affiliateTag ?? ''}\u0000${r.utmSource ?? ''}`}
            rows={rows}
            columns={[
              ['Affiliate tag', false, (r) => r.affiliateTag ?? '(none)'],
              ['UTM source', false, (r) => r.utmSource ?? '(none)'],
              ['Registrations', true, (r) => r.registrations],
              ['First purchases', true, (r) => r.firstPurchases],
              ['Conversion', true, (r) => percent(r.conversion)],
            ]}
          />
        )}
      </Report>
      <Report
        id="analytics-pages"
        title="Page views by path"
        note="The 200 most viewed paths, without their query."
        query={pageViews}
        empty="No page views in these days."
      >
        {(rows) => (
          <Table
            caption="Page views by path"
            rowKey={(r) => r.path}
            rows={rows}
            columns={[
              ['Path', false, (r) => r.path],
              ['Views', true, (r) => r.views],
              ['Devices', true, (r) => r.devices],
            ]}
          />
        )}
      </Report>
      <Report
        id="analytics-events"
        title="Events by type"
        note="The 200 most frequent event types."
        query={events}
        empty="No events in these days."
      >
        {(rows) => (
          <Table
            caption="Events by type"
            rowKey={(r) => r.eventType}
            rows={rows}
            columns={[
              ['Event', false, (r) => r.eventType],
              ['Events', true, (r) => r.events],
              ['Devices', true, (r) => r.devices],
            ]}
          />
        )}
      </Report>
    </>
  );
}
