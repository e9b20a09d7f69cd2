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
  /** The API's sort name for this column: its header becomes a sort button. */
  sortKey?: string;
}

/** The list's sort (from the URL) and what a header click asks for. */
export interface TableSorting {
  sort: string;
  order: 'asc' | 'desc';
  onSort: (sortKey: string) => void;
}

export interface PagedQuery<Row> {
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
  sorting,
}: {
  query: PagedQuery<Row>;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  caption: string;
  emptyText: string;
  onPage: (page: number) => void;
  sorting?: TableSorting;
}) {
  return (
    <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={5}>
      {({ data, meta }) =>
        data.length === 0 ? (
          <EmptyState text={emptyText} />
        ) : (
          <div aria-busy={query.isFetching || undefined}>
            <DataTable
              rows={data}
              columns={columns}
              rowKey={rowKey}
              caption={caption}
              sorting={sorting}
            />
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
  sorting,
}: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  caption: string;
  sorting?: TableSorting;
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
                aria-sort={sortState(column, sorting)}
                className={`px-3 py-2 font-semibold ${column.numeric ? 'text-right' : ''}`}
              >
                {sorting && column.sortKey ? (
                  <SortButton column={column} sortKey={column.sortKey} sorting={sorting} />
                ) : (
                  column.header
                )}
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

function sortState<Row>(
  column: Column<Row>,
  sorting: TableSorting | undefined,
): 'ascending' | 'descending' | undefined {
  if (!sorting || !column.sortKey || sorting.sort !== column.sortKey) return undefined;
  return sorting.order === 'asc' ? 'ascending' : 'descending';
}

/** A column header that sorts the list by it (again: the other way round). */
function SortButton<Row>({
  column,
  sortKey,
  sorting,
}: {
  column: Column<Row>;
  sortKey: string;
  sorting: TableSorting;
}) {
  const state = sortState(column, sorting);
  const arrow = state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '';
  return (
    <button
      type="button"
      onClick={() => sorting.onSort(sortKey)}
      className="inline-flex items-center gap-1 uppercase hover:text-text focus-visible:underline"
    >
      {column.header}
      <span aria-hidden="true" className="w-3">
        {arrow}
      </span>
      <span className="sr-only">
        {state ? `, sorted ${state}; sort the other way` : ', sort by this column'}
      </span>
    </button>
  );
}
