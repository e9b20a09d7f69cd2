import { Link } from 'react-router';
import { ADMIN_ROUND_SORTS, type AdminRoundRow } from '@coinfall/shared/contracts/admin-rounds';
import { GAME_CURRENCIES } from '@coinfall/shared/contracts/game';
import { BetStatus } from '@coinfall/shared/constants';
import { adminMeta } from '../admin-meta';
import { useRoundSearch } from '../api/admin-rounds';
import { useCurrencies } from '../api/currencies';
import {
  FILTER_INPUT,
  FILTER_LABEL,
  FilterButtons,
  UtcRangeFields,
} from '../components/filter-fields';
import { PagedTable, type Column } from '../components/paged-table';
import { betStatusName, formatAmount, formatInstant } from '../format.fns';
import { roundSearchOf } from '../rounds.fns';
import { filterOf, formText, withChanges } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Rounds');

const PER_PAGE = 25;
const SORT_NAMES: Record<(typeof ADMIN_ROUND_SORTS)[number], string> = {
  createdAt: 'Started',
  settledAt: 'Settled',
  bet: 'Stake',
  payout: 'Payout',
};
const FILTERS = ['playerId', 'game', 'currency', 'status', 'from', 'to', 'sort', 'order'];

/** Rounds: search by player, game, currency, status and start time (UTC), sorted, paged. */
export default function AdminRounds() {
  const [params, setParams] = useUrlQuery();
  const { query: search, ignored } = roundSearchOf(params, PER_PAGE);
  const query = useRoundSearch(search);
  const currencies = useCurrencies().data;
  const value = (name: string) => filterOf(params, name) ?? '';

  const columns: Column<AdminRoundRow>[] = [
    {
      header: 'Started',
      cell: (r) => (
        <Link to={`/admin/rounds/${r.id}`} className="text-accent hover:underline">
          {formatInstant(r.createdAt)}
        </Link>
      ),
    },
    {
      header: 'Player',
      cell: (r) => (
        <Link to={`/admin/players/${r.playerId}`} className="text-accent hover:underline">
          {r.playerEmail}
        </Link>
      ),
    },
    { header: 'Game', cell: (r) => r.gameName },
    {
      header: 'Stake',
      numeric: true,
      cell: (r) => (r.freeSpin ? 'Free spin' : formatAmount(r.bet, r.currency, currencies)),
    },
    {
      header: 'Payout',
      numeric: true,
      cell: (r) => formatAmount(r.payout, r.currency, currencies),
    },
    { header: 'Status', cell: (r) => betStatusName(r.status) },
    { header: 'Settled', cell: (r) => (r.settledAt ? formatInstant(r.settledAt) : '—') },
  ];

  return (
    <>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Rounds</h1>
        <Link to="/admin/rounds/big-wins" className="text-sm text-accent hover:underline">
          Big-win alerts →
        </Link>
      </div>
      <form
        key={params.toString()}
        role="search"
        aria-label="Search rounds"
        className="mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-5 lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setParams(
            withChanges(
              params,
              Object.fromEntries(FILTERS.map((name) => [name, formText(form, name)])),
            ),
          );
        }}
      >
        <label className={FILTER_LABEL}>
          Player id
          <input name="playerId" defaultValue={value('playerId')} className={FILTER_INPUT} />
        </label>
        <label className={FILTER_LABEL}>
          Game identity
          <input
            name="game"
            defaultValue={value('game')}
            maxLength={100}
            className={FILTER_INPUT}
          />
        </label>
        <label className={FILTER_LABEL}>
          Currency
          <select name="currency" defaultValue={value('currency')} className={FILTER_INPUT}>
            <option value="">Any</option>
            {GAME_CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Status
          <select name="status" defaultValue={value('status')} className={FILTER_INPUT}>
            <option value="">Any</option>
            {Object.values(BetStatus).map((s) => (
              <option key={s} value={s}>
                {betStatusName(s)}
              </option>
            ))}
          </select>
        </label>
        <UtcRangeFields
          from={value('from')}
          to={value('to')}
          fromLabel="Started from (UTC)"
          toLabel="Started before (UTC)"
        />
        <label className={FILTER_LABEL}>
          Sort by
          <select name="sort" defaultValue={search.sort} className={FILTER_INPUT}>
            {ADMIN_ROUND_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_NAMES[s]}
              </option>
            ))}
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Order
          <select name="order" defaultValue={search.order} className={FILTER_INPUT}>
            <option value="desc">Newest / largest first</option>
            <option value="asc">Oldest / smallest first</option>
          </select>
        </label>
        <FilterButtons submitLabel="Search" onClear={() => setParams(new URLSearchParams())} />
      </form>
      {ignored.length > 0 && (
        <p role="alert" className="mb-4 text-sm text-danger">
          Not applied: {ignored.join('; ')}.
        </p>
      )}
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Rounds"
        emptyText="No round matches these filters."
        onPage={(page) => setParams(withChanges(params, { page }))}
      />
    </>
  );
}
