import { Link } from 'react-router';
import { ADMIN_KYC_SORTS, type AdminKycDocument } from '@coinfall/shared/contracts/admin-kyc';
import { adminMeta } from '../admin-meta';
import { useKycQueue } from '../api/admin-kyc';
import { PagedTable, type Column } from '../components/paged-table';
import { documentTypeName, formatInstant } from '../format.fns';
import { nextSorting, pageOf, sortingOf, withChanges } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('KYC review');

const PER_PAGE = 20;

const fullName = (d: AdminKycDocument) =>
  [d.player.firstName, d.player.lastName].filter(Boolean).join(' ') || '—';

const columns: Column<AdminKycDocument>[] = [
  { header: 'Uploaded', sortKey: 'createdAt', cell: (d) => formatInstant(d.createdAt) },
  {
    header: 'Document',
    sortKey: 'type',
    cell: (d) => (
      <Link to={`/admin/kyc/${d.id}`} className="text-accent hover:underline">
        {documentTypeName(d.type)}
      </Link>
    ),
  },
  {
    header: 'Player',
    cell: (d) => (
      <Link to={`/admin/players/${d.playerId}`} className="text-accent hover:underline">
        {d.player.email}
      </Link>
    ),
  },
  { header: 'Name', cell: fullName },
  { header: 'Country', sortKey: 'country', cell: (d) => d.player.country ?? '—' },
  { header: 'Identity', cell: (d) => (d.player.kycVerified ? 'Verified' : d.player.kycStatus) },
];

/** Identity documents waiting for a decision, oldest first unless sorted; each opens its review page. */
export default function AdminKycQueue() {
  const [params, setParams] = useUrlQuery();
  const sorting = sortingOf(params, ADMIN_KYC_SORTS, 'createdAt', 'asc');
  const query = useKycQueue({ ...sorting, page: pageOf(params), perPage: PER_PAGE });
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">KYC review</h1>
      <p className="mb-6 text-sm text-text-muted">
        Identity documents waiting for a decision, oldest first (the column headers sort). Open one
        to view it and decide.
      </p>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(d) => d.id}
        caption="Documents waiting for review"
        emptyText="No document is waiting for review."
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
