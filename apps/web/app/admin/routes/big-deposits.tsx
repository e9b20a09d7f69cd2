import { Link } from 'react-router';
import {
  ADMIN_BIG_DEPOSIT_SORTS,
  type AdminBigDeposit,
} from '@coinfall/shared/contracts/admin-reports';
import { adminMeta } from '../admin-meta';
import { useBigDeposits } from '../api/admin-reports';
import { useCurrencies } from '../api/currencies';
import {
  FILTER_INPUT,
  FILTER_LABEL,
  FilterButtons,
  UtcRangeFields,
} from '../components/filter-fields';
import { PagedTable, type Column } from '../components/paged-table';
import { formatAmount, formatInstant } from '../format.fns';
import { parseMinorAmount } from '../../features/redeem/redeem.fns';
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

export const meta = () => adminMeta('Big-deposit alerts');

const PER_PAGE = 25;
const DELIVERY: Record<AdminBigDeposit['delivery'], string> = {
  pending: 'Waiting to post',
  sent: 'Posted to Slack',
  failed: 'Slack post failed',
  not_configured: 'No Slack webhook',
};

/** Players whose purchases of 24 h reached the alert's threshold, newest first unless sorted. */
export default function AdminBigDeposits() {
  const [params, setParams] = useUrlQuery();
  const playerId = filterOf(params, 'playerId');
  const from = filterOf(params, 'from');
  const to = filterOf(params, 'to');
  const atLeast = filterOf(params, 'atLeast');
  const currencies = useCurrencies().data;
  const baseScale = currencies?.find((c) => c.isBase)?.subunitToUnit ?? 100;
  const minTotal = atLeast ? parseMinorAmount(atLeast, baseScale) : undefined;
  const sorting = sortingOf(params, ADMIN_BIG_DEPOSIT_SORTS, 'createdAt');
  const query = useBigDeposits({
    ...sorting,
    page: pageOf(params),
    perPage: PER_PAGE,
    playerId: playerId && UUID.test(playerId) ? playerId : undefined,
    minTotal,
    from: isoFromLocalInput(from),
    to: isoFromLocalInput(to),
  });
  const base = query.data?.baseCurrency ?? 'USD';
  const money = (minor: number, currency: string) => formatAmount(minor, currency, currencies);

  const columns: Column<AdminBigDeposit>[] = [
    { header: 'When', sortKey: 'createdAt', cell: (d) => formatInstant(d.createdAt) },
    {
      header: 'Player',
      cell: (d) => (
        <Link to={`/admin/players/${d.playerId}`} className="text-accent hover:underline">
          {d.playerEmail ?? d.playerId}
        </Link>
      ),
    },
    { header: 'Purchase', numeric: true, cell: (d) => money(d.amount, d.currency) },
    {
      header: '24 h total',
      numeric: true,
      sortKey: 'totalBase',
      cell: (d) => money(d.totalBase, base),
    },
    { header: 'Alert', cell: (d) => DELIVERY[d.delivery] },
  ];

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Big-deposit alerts</h1>
      <p className="mb-6 text-sm text-text-muted">
        An alert is raised when a player’s successful purchases and deposits of 24 hours reach{' '}
        {query.data ? money(query.data.thresholdBase, base) : 'the threshold'}, at most once a day
        per player.
      </p>
      <form
        key={params.toString()}
        role="search"
        aria-label="Filter big deposits"
        className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const value = (name: string) => formText(form, name);
          setParams(
            withChanges(params, {
              playerId: value('playerId'),
              atLeast: value('atLeast'),
              from: value('from'),
              to: value('to'),
            }),
          );
        }}
      >
        <label className={FILTER_LABEL}>
          Player id
          <input
            name="playerId"
            defaultValue={playerId ?? ''}
            pattern={UUID.source.slice(1, -1)}
            className={FILTER_INPUT}
          />
        </label>
        <label className={FILTER_LABEL}>
          24 h total at least ({base})
          <input
            name="atLeast"
            inputMode="decimal"
            defaultValue={atLeast ?? ''}
            className={FILTER_INPUT}
          />
        </label>
        <UtcRangeFields from={from} to={to} />
        <FilterButtons onClear={() => setParams(new URLSearchParams())} />
      </form>
      {atLeast && minTotal === undefined && (
        <p role="alert" className="mb-4 text-sm text-danger">
          “{atLeast}” is not an amount: the total filter is not applied.
        </p>
      )}
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(d) => d.id}
        caption="Big-deposit alerts"
        emptyText="No big-deposit alert matches these filters."
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
