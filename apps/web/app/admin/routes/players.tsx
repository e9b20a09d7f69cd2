import { Link } from 'react-router';
import { ADMIN_PLAYER_SORTS, type AdminPlayerRow } from '@coinfall/shared/contracts/admin-players';
import { PlayerStatus } from '@coinfall/shared/constants';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import { usePlayerSearch } from '../api/admin-players';
import { PagedTable, type Column } from '../components/paged-table';
import { formatInstant, playerStatusName } from '../format.fns';
import {
  filterOf,
  formText,
  nextSorting,
  pageOf,
  sortingOf,
  withChanges,
} from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Players');

const PER_PAGE = 20;
const INPUT = 'block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-sm';

const columns: Column<AdminPlayerRow>[] = [
  {
    header: 'Email',
    sortKey: 'email',
    cell: (p) => (
      <Link to={`/admin/players/${p.id}`} className="font-semibold text-accent hover:underline">
        {p.email}
      </Link>
    ),
  },
  { header: 'Nickname', sortKey: 'nickname', cell: (p) => p.nickname ?? '—' },
  { header: 'Phone', cell: (p) => p.phone ?? '—' },
  { header: 'Country', cell: (p) => p.country ?? '—' },
  {
    header: 'Status',
    sortKey: 'status',
    cell: (p) => (p.removed ? 'Removed' : playerStatusName(p.status)),
  },
  { header: 'KYC', cell: (p) => (p.kycVerified ? 'Verified' : 'Not verified') },
  { header: 'Registered', sortKey: 'createdAt', cell: (p) => formatInstant(p.createdAt) },
];

/**
 * Player search, as the API reads the query: an id (exact), an email or its beginning, a phone
 * (+ and digits, exact) or a nickname's beginning; newest first unless a column header sorts
 * it (kept in the URL), paged on the server.
 */
export default function AdminPlayers() {
  const [params, setParams] = useUrlQuery();
  const q = filterOf(params, 'q');
  const statusText = filterOf(params, 'status');
  const status = statusText === undefined ? undefined : Number(statusText);
  const sorting = sortingOf(params, ADMIN_PLAYER_SORTS, 'createdAt');
  const query = usePlayerSearch({ q, status, ...sorting, page: pageOf(params), perPage: PER_PAGE });

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Players</h1>
      <form
        role="search"
        aria-label="Search players"
        className="mb-6 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setParams(
            withChanges(params, {
              q: formText(form, 'q'),
              status: formText(form, 'status'),
            }),
          );
        }}
      >
        <label className="min-w-64 flex-1 text-sm font-medium text-text-muted">
          Id, email, phone, device visitor id or nickname
          <input
            name="q"
            type="search"
            defaultValue={q ?? ''}
            key={q ?? ''}
            maxLength={254}
            className={`mt-1 ${INPUT}`}
          />
        </label>
        <label className="text-sm font-medium text-text-muted">
          Status
          <select
            name="status"
            defaultValue={statusText ?? ''}
            key={statusText ?? ''}
            className={`mt-1 ${INPUT}`}
          >
            <option value="">Any</option>
            {Object.values(PlayerStatus).map((value) => (
              <option key={value} value={value}>
                {playerStatusName(value)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass('primary', 'md')}>
          Search
        </button>
      </form>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(p) => p.id}
        caption="Players found"
        emptyText={q ? `No player matches “${q}”.` : 'No players yet.'}
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
