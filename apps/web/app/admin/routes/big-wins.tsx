import { Link } from 'react-router';
import type { AdminBigWin } from '@coinfall/shared/contracts/admin-rounds';
import { adminMeta } from '../admin-meta';
import { useBigWins } from '../api/admin-rounds';
import { useCurrencies } from '../api/currencies';
import {
  FILTER_INPUT,
  FILTER_LABEL,
  FilterButtons,
  UtcRangeFields,
} from '../components/filter-fields';
import { PagedTable, type Column } from '../components/paged-table';
import { formatAmount, formatInstant } from '../format.fns';
import {
  filterOf,
  formText,
  isoFromLocalInput,
  pageOf,
  UUID,
  withChanges,
} from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Big-win alerts');

const PER_PAGE = 25;
const DELIVERY: Record<AdminBigWin['delivery'], string> = {
  pending: 'Waiting to post',
  sent: 'Posted to Slack',
  failed: 'Slack post failed',
  not_configured: 'No Slack webhook',
};
/** Real rounds have a uuid; the sandbox's dev rounds (`dev-…`) have no page. */
const isRoundId = (id: string) => UUID.test(id);

/** The big wins the game server flagged, newest first, with how their Slack alert went. */
export default function AdminBigWins() {
  const [params, setParams] = useUrlQuery();
  const playerId = filterOf(params, 'playerId');
  const from = filterOf(params, 'from');
  const to = filterOf(params, 'to');
  const query = useBigWins({
    page: pageOf(params),
    perPage: PER_PAGE,
    playerId: playerId && UUID.test(playerId) ? playerId : undefined,
    from: isoFromLocalInput(from),
    to: isoFromLocalInput(to),
  });
  const currencies = useCurrencies().data;
  const money = (minor: number, currency: string) => formatAmount(minor, currency, currencies);

  const columns: Column<AdminBigWin>[] = [
    {
      header: 'When',
      cell: (w) =>
        isRoundId(w.roundId) ? (
          <Link to={`/admin/rounds/${w.roundId}`} className="text-accent hover:underline">
            {formatInstant(w.createdAt)}
          </Link>
        ) : (
          formatInstant(w.createdAt)
        ),
    },
    {
      header: 'Player',
      cell: (w) => (
        <Link to={`/admin/players/${w.playerId}`} className="text-accent hover:underline">
          {w.playerEmail ?? w.playerId}
        </Link>
      ),
    },
    { header: 'Game', cell: (w) => w.game },
    { header: 'Stake', numeric: true, cell: (w) => money(w.bet, w.currency) },
    { header: 'Payout', numeric: true, cell: (w) => money(w.payout, w.currency) },
    { header: 'Alert', cell: (w) => DELIVERY[w.delivery] },
  ];

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/rounds" className="text-accent hover:underline">
          ← Rounds
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">Big-win alerts</h1>
      <form
        key={params.toString()}
        role="search"
        aria-label="Filter big wins"
        className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const value = (name: string) => formText(form, name);
          setParams(
            withChanges(params, {
              playerId: value('playerId'),
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
        <UtcRangeFields from={from} to={to} />
        <FilterButtons onClear={() => setParams(new URLSearchParams())} />
      </form>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(w) => w.roundId}
        caption="Big wins, newest first"
        emptyText="No big win matches these filters."
        onPage={(page) => setParams(withChanges(params, { page }))}
      />
    </>
  );
}
