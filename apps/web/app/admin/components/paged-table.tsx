import type { ReactNode } from 'react';
import type { PageMeta } from '@coinfall/shared/contracts/player';
import { EmptyState } from '../../ui/empty-state';
import { LoadState } from '../../ui/load-state';
import { Pager } from '../../ui/pager';
import { ADMIN_LOAD_TEXTS, ADMIN_PAGER_TEXTS } from '../admin-texts';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned, tabular figures (amounts). */
  numeric?: boolean;
}

interface PagedQuery<Row> {
  data: { data: Row[]; meta: PageMeta } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A server-paged list: a skeleton while it loads, the failure with a retry, an honest empty
 * line, the table (with its caption for screen readers) and the shared pager. The page lives
 * in the URL, so a reload or a shared link shows the same page.
 */
export function PagedTable<Row>({
  query,
  columns,
  rowKey,
  caption,
  emptyText,
  onPage,
}: {
  query: PagedQuery<Row>;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  caption: string;
  emptyText: string;
  onPage: (page: number) => void;
}) {
  return (
    <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={5}>
      {({ data, meta }) =>
        data.length === 0 ? (
          <EmptyState text={emptyText} />
        ) : (
          <div aria-busy={query.isFetching || undefined}>
            <DataTable rows={data} columns={columns} rowKey={rowKey} caption={caption} />
            <p className="mt-2 text-xs text-text-muted">{meta.totalRows} in all</p>
            <Pager meta={meta} onPage={onPage} t={ADMIN_PAGER_TEXTS} />
          </div>
        )
      }
    </LoadState>
  );
}

/** A plain table: rows scroll sideways on a narrow screen instead of widening the page. */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
}: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  caption: string;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-xs text-text-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`px-3 py-2 font-semibold ${column.numeric ? 'text-right' : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-border align-top">
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={`px-3 py-2 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
