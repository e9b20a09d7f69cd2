import {
  AUDIT_ACTIONS,
  AUDIT_SORTS,
  type AuditAction,
  type AuditEntry,
} from '@coinfall/shared/contracts/admin-audit';
import { adminMeta } from '../admin-meta';
import { useAuditSearch } from '../api/admin-audit';
import {
  FILTER_INPUT,
  FILTER_LABEL,
  FilterButtons,
  UtcRangeFields,
} from '../components/filter-fields';
import { PagedTable, type Column } from '../components/paged-table';
import { formatInstant } from '../format.fns';
import {
  filterOf,
  formText,
  isoFromLocalInput,
  nextSorting,
  pageOf,
  sortingOf,
  UUID,
  withChanges,
} from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Audit log');

const PER_PAGE = 25;

/** before/after as one short line: the audit keeps JSON, staff read the changed values. */
function changeOf(entry: AuditEntry): string {
  const show = (value: unknown) =>
    value === null || value === undefined ? '' : JSON.stringify(value);
  const before = show(entry.before);
  const after = show(entry.after);
  if (before && after) return `${before} → ${after}`;
  return before || after || '—';
}

const columns: Column<AuditEntry>[] = [
  { header: 'When', sortKey: 'at', cell: (e) => formatInstant(e.at) },
  { header: 'Staff', sortKey: 'staff', cell: (e) => e.staffEmail },
  { header: 'Action', sortKey: 'action', cell: (e) => <code className="text-xs">{e.action}</code> },
  {
    header: 'Target',
    cell: (e) => (e.targetId ? `${e.targetType ?? ''} ${e.targetId}`.trim() : '—'),
  },
  { header: 'Change', cell: (e) => <span className="text-xs break-all">{changeOf(e)}</span> },
  { header: 'Reason', cell: (e) => e.reason ?? '—' },
];

const isAction = (value: string | undefined): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value ?? '');

/** The audit trail, newest first unless a header sorts it: filter by staff member, action, target and time (UTC). */
export default function AdminAudit() {
  const [params, setParams] = useUrlQuery();
  const action = filterOf(params, 'action');
  const staffId = filterOf(params, 'staffId');
  const targetId = filterOf(params, 'targetId');
  const from = filterOf(params, 'from');
  const to = filterOf(params, 'to');
  const sorting = sortingOf(params, AUDIT_SORTS, 'at');
  const query = useAuditSearch({
    ...sorting,
    page: pageOf(params),
    perPage: PER_PAGE,
    action: isAction(action) ? action : undefined,
    // The API wants a uuid here; anything else would be a 400, so it is not sent.
    staffId: staffId && UUID.test(staffId) ? staffId : undefined,
    targetId,
    from: isoFromLocalInput(from),
    to: isoFromLocalInput(to),
  });
  const filtersKey = params.toString();

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Audit log</h1>
      <form
        key={filtersKey}
        role="search"
        aria-label="Filter the audit log"
        className="mb-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const value = (name: string) => formText(form, name);
          setParams(
            withChanges(params, {
              action: value('action'),
              staffId: value('staffId'),
              targetId: value('targetId'),
              from: value('from'),
              to: value('to'),
            }),
          );
        }}
      >
        <label className={FILTER_LABEL}>
          Action
          <select name="action" defaultValue={action ?? ''} className={FILTER_INPUT}>
            <option value="">Any</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Staff id
          <input
            name="staffId"
            defaultValue={staffId ?? ''}
            pattern={UUID.source.slice(1, -1)}
            className={FILTER_INPUT}
          />
        </label>
        <label className={FILTER_LABEL}>
          Target id
          <input
            name="targetId"
            defaultValue={targetId ?? ''}
            maxLength={100}
            className={FILTER_INPUT}
          />
        </label>
        <UtcRangeFields from={from} to={to} />
        <FilterButtons onClear={() => setParams(new URLSearchParams())} />
      </form>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(e) => e.id}
        caption="Audit entries"
        emptyText="No audit entry matches these filters."
        onPage={(page) => setParams(withChanges(params, { page }))}
        sorting={{
          ...sorting,
          onSort: (column) =>
            setParams(
              withChanges(params, { ...nextSorting(sorting, column as typeof sorting.sort) }),
            ),
        }}
      />
    </>
  );
}
