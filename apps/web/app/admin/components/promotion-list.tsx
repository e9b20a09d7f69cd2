import type { ReactNode } from 'react';
import { buttonClass } from '../../ui/button';
import { formText, nextSorting, withChanges, type Sorting } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';
import { FILTER_INPUT, FILTER_LABEL, FilterButtons } from './filter-fields';
import { PagedTable, type Column, type PagedQuery } from './paged-table';

/** Whole class names, so that Tailwind finds them. */
const GRID_COLUMNS = { 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4' } as const;

/**
 * The filter form above a promotion list (bonuses, bonus codes, quests): on submit each named
 * filter goes to the URL; clear drops them all. Keyed by the URL so that back and forward refill it.
 */
export function PromotionFilters({
  label,
  filters,
  columns,
  children,
}: {
  label: string;
  /** The names of the form's fields, as the URL holds them. */
  filters: readonly string[];
  columns: keyof typeof GRID_COLUMNS;
  children: ReactNode;
}) {
  const [params, setParams] = useUrlQuery();
  return (
    <form
      key={params.toString()}
      role="search"
      aria-label={label}
      className={`mb-4 grid gap-3 ${GRID_COLUMNS[columns]} sm:items-end`}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setParams(
          withChanges(
            params,
            Object.fromEntries(filters.map((name) => [name, formText(form, name)])),
          ),
        );
      }}
    >
      {children}
      <FilterButtons onClear={() => setParams(new URLSearchParams())} />
    </form>
  );
}

/** The active/inactive filter every promotion list has. */
export function StatusFilter({ defaultValue }: { defaultValue: string }) {
  return (
    <label className={FILTER_LABEL}>
      Status
      <select name="enabled" defaultValue={defaultValue} className={FILTER_INPUT}>
        <option value="">Any</option>
        <option value="true">Active</option>
        <option value="false">Inactive</option>
      </select>
    </label>
  );
}

/**
 * A promotion list's outcome line (announced) and its table, paged and sorted through the URL:
 * a header click sorts by its column, the pager moves the page.
 */
export function PromotionTable<Row extends { id: number }, S extends string>({
  query,
  columns,
  caption,
  emptyText,
  sorting,
  outcome,
}: {
  query: PagedQuery<Row>;
  columns: readonly Column<Row>[];
  caption: string;
  emptyText: string;
  /** The list's sort as read from the URL. */
  sorting: Sorting<S>;
  /** What the last action did, e.g. "summer-10 is inactive.". */
  outcome: string;
}) {
  const [params, setParams] = useUrlQuery();
  return (
    <>
      <p role="status" className="mb-2 text-sm text-success empty:hidden">
        {outcome}
      </p>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(row) => String(row.id)}
        caption={caption}
        emptyText={emptyText}
        onPage={(page) => setParams(withChanges(params, { page }))}
        sorting={{
          sort: sorting.sort,
          order: sorting.order,
          onSort: (column) =>
            setParams(withChanges(params, { ...nextSorting(sorting, column as S) })),
        }}
      />
    </>
  );
}

/** A status cell: says whether the promotion is active and offers the switch (named for it). */
export function StatusToggle({
  name,
  enabled,
  onToggle,
}: {
  name: string;
  enabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={buttonClass('outline', 'sm')}
      onClick={onToggle}
      aria-label={`${enabled ? 'Deactivate' : 'Activate'} ${name}`}
    >
      {enabled ? 'Active — deactivate' : 'Inactive — activate'}
    </button>
  );
}
