import { useState } from 'react';
import { Link } from 'react-router';
import { ADJUSTMENT_SORTS, type Adjustment } from '@coinfall/shared/contracts/admin-players';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import { approveAdjustment, rejectAdjustment, usePendingAdjustments } from '../api/admin-players';
import { useCurrencies } from '../api/currencies';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { PagedTable, type Column } from '../components/paged-table';
import { formatAmount, formatInstant } from '../format.fns';
import { nextSorting, pageOf, sortingOf, withChanges } from '../search-params.fns';
import { useStaff } from '../use-staff';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Pending adjustments');

const PER_PAGE = 20;

/**
 * The four-eyes queue: adjustments above the configured amount wait here until a staff member
 * other than their requester approves them (the server refuses the requester with 403), or
 * until they expire (decision 070: they leave the queue).
 */
export default function AdminAdjustments() {
  const staff = useStaff();
  const [params, setParams] = useUrlQuery();
  const sorting = sortingOf(params, ADJUSTMENT_SORTS, 'requestedAt');
  const query = usePendingAdjustments({ ...sorting, page: pageOf(params), perPage: PER_PAGE });
  const currencies = useCurrencies().data;
  const [decision, setDecision] = useState<{ adjustment: Adjustment; approve: boolean } | null>(
    null,
  );
  const [outcome, setOutcome] = useState('');

  const columns: Column<Adjustment>[] = [
    { header: 'Requested', sortKey: 'requestedAt', cell: (a) => formatInstant(a.requestedAt) },
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
      sortKey: 'amount',
      cell: (a) => formatAmount(a.amount, a.currency, currencies),
    },
    { header: 'Reason', cell: (a) => a.reason },
    {
      header: 'Decision',
      cell: (a) => {
        const own = a.requestedBy === staff.id;
        return (
          <div className="flex flex-wrap items-center gap-2">
            {own ? (
              <span className="text-text-muted">Yours: another staff member approves it</span>
            ) : (
              <button
                type="button"
                className={buttonClass('primary', 'sm')}
                onClick={() => setDecision({ adjustment: a, approve: true })}
              >
                Approve
              </button>
            )}
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              onClick={() => setDecision({ adjustment: a, approve: false })}
            >
              {own ? 'Withdraw' : 'Reject'}
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Pending adjustments</h1>
      <p className="mb-6 text-sm text-text-muted">
        Adjustments past the four-eyes amount (with what the player’s balance took without approval
        over the last day), newest first. Approving applies one through the ledger; one not decided
        within 3 days expires and moves nothing.
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
        sorting={{
          ...sorting,
          onSort: (column) =>
            setParams(
              withChanges(params, { ...nextSorting(sorting, column as typeof sorting.sort) }),
            ),
        }}
      />
      {decision && (
        <ConfirmDialog
          dialogKey={decision.approve ? 'adjustment-approve' : 'adjustment-reject'}
          title={decision.approve ? 'Approve this adjustment?' : 'Reject this adjustment?'}
          description={`${formatAmount(decision.adjustment.amount, decision.adjustment.currency, currencies)} for player ${decision.adjustment.playerId}: “${decision.adjustment.reason}”. ${decision.approve ? 'It is applied through the ledger at once.' : 'Nothing moves; the reason is kept in the audit log.'}`}
          confirmLabel={decision.approve ? 'Approve and apply' : 'Reject the adjustment'}
          fields={[REASON_FIELD]}
          onClose={() => setDecision(null)}
          onConfirm={async (values) => {
            const { adjustment, approve } = decision;
            const done = approve
              ? await approveAdjustment(adjustment.id, String(values.reason))
              : await rejectAdjustment(adjustment.id, String(values.reason));
            const shown = formatAmount(done.amount, done.currency, currencies);
            setOutcome(approve ? `Applied: ${shown}.` : `Rejected: ${shown}; nothing moved.`);
          }}
        />
      )}
    </>
  );
}
