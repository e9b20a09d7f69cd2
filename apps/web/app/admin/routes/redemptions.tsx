import { useState } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_REDEMPTION_SORTS,
  type AdminRedemption,
} from '@coinfall/shared/contracts/admin-players';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import { decideRedemption, useRedemptionQueue } from '../api/admin-redemptions';
import { useCurrencies } from '../api/currencies';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { PagedTable, type Column } from '../components/paged-table';
import { formatAmount, formatInstant, invoiceTypeName, playerStatusName } from '../format.fns';
import { nextSorting, pageOf, sortingOf, withChanges } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Redemptions');

const PER_PAGE = 20;

type Decision = { redemption: AdminRedemption; approve: boolean };

function Risk({ r, base }: { r: AdminRedemption; base: (minor: number) => string }) {
  const flags = [
    r.risk.kycVerified ? 'KYC verified' : 'KYC not verified',
    r.risk.emailConfirmed ? 'email confirmed' : 'email not confirmed',
    r.risk.phoneConfirmed ? 'phone confirmed' : 'phone not confirmed',
  ];
  return (
    <div className="text-xs">
      <p>
        {playerStatusName(r.risk.playerStatus)} · since{' '}
        {formatInstant(r.risk.accountCreatedAt).slice(0, 10)}
      </p>
      <p className="text-text-muted">{flags.join(' · ')}</p>
      <p>
        Purchased {base(r.risk.purchasedBase)} · paid out before {base(r.risk.redeemedBase)}
      </p>
    </div>
  );
}

/** Payouts waiting for a decision, oldest first: approve (the provider pays) or reject. */
export default function AdminRedemptions() {
  const [params, setParams] = useUrlQuery();
  // A queue: oldest first unless a header sorts it otherwise.
  const sorting = sortingOf(params, ADMIN_REDEMPTION_SORTS, 'createdAt', 'asc');
  const query = useRedemptionQueue({ ...sorting, page: pageOf(params), perPage: PER_PAGE });
  const currencies = useCurrencies().data;
  const [decision, setDecision] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState('');
  const money = (amount: number, currency: string) => formatAmount(amount, currency, currencies);
  // The queue answers the risk context's amounts in base-currency minor units.
  const base = currencies?.find((c) => c.isBase)?.code ?? 'base';

  const columns: Column<AdminRedemption>[] = [
    { header: 'Requested', sortKey: 'createdAt', cell: (r) => formatInstant(r.createdAt) },
    {
      header: 'Player',
      cell: (r) => (
        <Link to={`/admin/players/${r.playerId}`} className="text-accent hover:underline">
          {r.risk.email}
        </Link>
      ),
    },
    { header: 'Type', cell: (r) => invoiceTypeName(r.type) },
    {
      header: 'Amount',
      numeric: true,
      sortKey: 'amount',
      cell: (r) => (
        <>
          {money(r.amount, r.currency)}
          <br />
          <span className="text-xs text-text-muted">≈ {money(r.amountBase, base)}</span>
        </>
      ),
    },
    { header: 'Risk', cell: (r) => <Risk r={r} base={(minor) => money(minor, base)} /> },
    {
      header: 'Decision',
      // Claimed by an approval with no answer from the provider on record: no reject (the
      // money may be on its way); approving again asks the provider, idempotently, once the
      // first approval's claim has lapsed (409 before).
      cell: (r) => (
        <div className="flex flex-wrap items-center gap-2">
          {r.sentAt && (
            <p className="w-full text-xs">
              Sent to the provider at {formatInstant(r.sentAt)}; its answer settles it.
            </p>
          )}
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            aria-label={`${r.sentAt ? 'Send again' : 'Approve'} the payout of ${r.risk.email}`}
            onClick={() => setDecision({ redemption: r, approve: true })}
          >
            {r.sentAt ? 'Send again' : 'Approve'}
          </button>
          {!r.sentAt && (
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              aria-label={`Reject the payout of ${r.risk.email}`}
              onClick={() => setDecision({ redemption: r, approve: false })}
            >
              Reject
            </button>
          )}
        </div>
      ),
    },
  ];

  const pending = decision?.redemption;
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Redemptions</h1>
      <p className="mb-6 text-sm text-text-muted">Pending payouts, oldest first.</p>
      <p role="status" className="mb-4 text-sm text-success empty:hidden">
        {outcome}
      </p>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(r) => r.invoiceId}
        caption="Payouts waiting for a decision"
        emptyText="No payout is waiting for a decision."
        onPage={(page) => setParams(withChanges(params, { page }))}
        sorting={{
          ...sorting,
          onSort: (column) =>
            setParams(
              withChanges(params, { ...nextSorting(sorting, column as typeof sorting.sort) }),
            ),
        }}
      />
      {decision && pending && (
        <ConfirmDialog
          dialogKey={decision.approve ? 'redemption-approve' : 'redemption-reject'}
          title={
            decision.approve
              ? `Approve the payout of ${money(pending.amount, pending.currency)}?`
              : `Reject the payout of ${money(pending.amount, pending.currency)}?`
          }
          description={
            decision.approve
              ? `The payment provider sends it to ${pending.risk.email}. This cannot be undone here.`
              : `The held coins go back to ${pending.risk.email}, who is told the payout was refused.`
          }
          confirmLabel={decision.approve ? 'Approve the payout' : 'Reject the payout'}
          fields={decision.approve ? [] : [REASON_FIELD]}
          onClose={() => setDecision(null)}
          onConfirm={async (values) => {
            await decideRedemption(
              pending.invoiceId,
              decision.approve
                ? { approve: true }
                : { approve: false, reason: String(values.reason) },
            );
            setOutcome(
              decision.approve
                ? `Approved: the payout of ${pending.risk.email} is processing.`
                : `Rejected: the coins went back to ${pending.risk.email}.`,
            );
          }}
        />
      )}
    </>
  );
}
