import { useState } from 'react';
import { Link } from 'react-router';
import type { Adjustment } from '@coinfall/shared/contracts/admin-players';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import { approveAdjustment, usePendingAdjustments } from '../api/admin-players';
import { useCurrencies } from '../api/currencies';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PagedTable, type Column } from '../components/paged-table';
import { formatAmount, formatInstant } from '../format.fns';
import { pageOf, withChanges } from '../search-params.fns';
import { useStaff } from '../use-staff';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Pending adjustments');

const PER_PAGE = 20;

/**
 * The four-eyes queue: adjustments above the configured amount wait here until a staff member
 * other than their requester approves them (the server refuses the requester with 403).
 */
export default function AdminAdjustments() {
  const staff = useStaff();
  const [params, setParams] = useUrlQuery();
  const query = usePendingAdjustments(pageOf(params), PER_PAGE);
  const currencies = useCurrencies().data;
  const [approving, setApproving] = useState<Adjustment | null>(null);
  const [outcome, setOutcome] = useState('');

  const columns: Column<Adjustment>[] = [
    { header: 'Requested', cell: (a) => formatInstant(a.requestedAt) },
    {
      header: 'Player',
      cell: (a) => (
        <Link to={`/admin/players/${a.playerId}`} className="text-accent hover:underline">
          <code className="text-xs">{a.playerId}</code>
        </Link>
      ),
    },
    {
      header: 'Amount',
      numeric: true,
      cell: (a) => formatAmount(a.amount, a.currency, currencies),
    },
    { header: 'Reason', cell: (a) => a.reason },
    {
      header: 'Decision',
      cell: (a) =>
        a.requestedBy === staff.id ? (
          <span className="text-text-muted">Yours: another staff member approves it</span>
        ) : (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => setApproving(a)}
          >
            Approve
          </button>
        ),
    },
  ];

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Pending adjustments</h1>
      <p className="mb-6 text-sm text-text-muted">
        Adjustments above the four-eyes amount, newest first. Approving applies one through the
        ledger.
      </p>
      <p role="status" className="mb-4 text-sm text-success empty:hidden">
        {outcome}
      </p>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(a) => a.id}
        caption="Adjustments awaiting approval"
        emptyText="No adjustment is waiting for approval."
        onPage={(page) => setParams(withChanges(params, { page }))}
      />
      {approving && (
        <ConfirmDialog
          dialogKey="adjustment-approve"
          title="Approve this adjustment?"
          description={`${formatAmount(approving.amount, approving.currency, currencies)} for player ${approving.playerId}: “${approving.reason}”. It is applied through the ledger at once.`}
          confirmLabel="Approve and apply"
          onClose={() => setApproving(null)}
          onConfirm={async () => {
            const applied = await approveAdjustment(approving.id);
            setOutcome(`Applied: ${formatAmount(applied.amount, applied.currency, currencies)}.`);
          }}
        />
      )}
    </>
  );
}
