import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminQuest, AdminQuestPackage } from '@coinfall/shared/contracts/admin-promotions';
import { buttonClass } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import {
  setQuestEnabled,
  setQuestPackageEnabled,
  useQuestPackages,
  useQuests,
} from '../api/admin-promotions';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { FILTER_INPUT, FILTER_LABEL } from '../components/filter-fields';
import {
  PromotionFilters,
  PromotionTable,
  StatusFilter,
  StatusToggle,
} from '../components/promotion-list';
import { DataTable, type Column } from '../components/paged-table';
import { formatInstant } from '../format.fns';
import { questQueryOf } from '../promotions.fns';
import { filterOf } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Quests');

const PER_PAGE = 25;
const FILTERS = ['q', 'enabled'];

type Toggle =
  | { kind: 'quest'; id: number; name: string; enabled: boolean }
  | { kind: 'chain'; id: number; name: string; enabled: boolean }
  | null;

/** Quests (single and chain steps) sorted by a header click and paged; chains below. */
export default function AdminQuests() {
  const [params] = useUrlQuery();
  const search = questQueryOf(params, PER_PAGE);
  const query = useQuests(search);
  const chains = useQuestPackages();
  const [toggle, setToggle] = useState<Toggle>(null);
  const [outcome, setOutcome] = useState('');
  const value = (name: string) => filterOf(params, name) ?? '';

  const statusButton = (t: NonNullable<Toggle>) => (
    <StatusToggle name={t.name} enabled={t.enabled} onToggle={() => setToggle(t)} />
  );

  const columns: Column<AdminQuest>[] = [
    {
      header: 'Identity',
      sortKey: 'identity',
      cell: (q) => (
        <Link to={`/admin/quests/${q.id}`} className="text-accent hover:underline">
          {q.identity}
        </Link>
      ),
    },
    { header: 'Name', cell: (q) => q.name.en },
    {
      header: 'Chain step',
      cell: (q) => (q.packageId === null ? '—' : `#${q.packageId} step ${q.position}`),
    },
    { header: 'Tasks', numeric: true, cell: (q) => q.tasks.length },
    { header: 'Holders', sortKey: 'holders', numeric: true, cell: (q) => q.holders },
    { header: 'Starts', sortKey: 'startAt', cell: (q) => formatInstant(q.startAt) },
    {
      header: 'Ends',
      sortKey: 'endAt',
      cell: (q) => (q.endAt ? formatInstant(q.endAt) : 'No end'),
    },
    {
      header: 'Status',
      cell: (q) => statusButton({ kind: 'quest', id: q.id, name: q.identity, enabled: q.enabled }),
    },
  ];

  const chainColumns: Column<AdminQuestPackage>[] = [
    {
      header: 'Identity',
      cell: (c) => (
        <Link to={`/admin/quests/chains/${c.id}`} className="text-accent hover:underline">
          {c.identity}
        </Link>
      ),
    },
    { header: 'Name', cell: (c) => c.name.en },
    { header: 'Steps', cell: (c) => c.quests.map((q) => q.identity).join(' → ') },
    { header: 'Ends', cell: (c) => (c.endAt ? formatInstant(c.endAt) : 'No end') },
    {
      header: 'Status',
      cell: (c) => statusButton({ kind: 'chain', id: c.id, name: c.identity, enabled: c.enabled }),
    },
  ];

  return (
    <>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Quests</h1>
        <div className="flex gap-2">
          <Link to="/admin/quests/new" className={buttonClass('primary', 'sm')}>
            New quest
          </Link>
          <Link to="/admin/quests/chains/new" className={buttonClass('outline', 'sm')}>
            New chain
          </Link>
        </div>
      </div>
      <PromotionFilters label="Filter quests" filters={FILTERS} columns={3}>
        <label className={FILTER_LABEL}>
          Identity contains
          <input name="q" defaultValue={value('q')} maxLength={64} className={FILTER_INPUT} />
        </label>
        <StatusFilter defaultValue={value('enabled')} />
      </PromotionFilters>
      <PromotionTable
        query={query}
        columns={columns}
        caption="Quests"
        emptyText="No quest matches these filters."
        sorting={search}
        outcome={outcome}
      />
      <h2 className="mt-8 mb-3 text-lg font-bold">Chains</h2>
      <LoadState query={chains} texts={ADMIN_LOAD_TEXTS} rows={2}>
        {({ data }) =>
          data.length === 0 ? (
            <p className="text-sm text-text-muted">No chain is defined.</p>
          ) : (
            <DataTable
              rows={data}
              columns={chainColumns}
              rowKey={(c) => String(c.id)}
              caption="Quest chains"
            />
          )
        }
      </LoadState>
      {toggle && (
        <ConfirmDialog
          dialogKey="quest-status"
          title={`${toggle.enabled ? 'Deactivate' : 'Activate'} ${toggle.name}?`}
          description={
            toggle.enabled
              ? 'No player is enrolled in it any more; players who hold it keep it.'
              : 'Eligible players are enrolled at their next event or quest list.'
          }
          confirmLabel={toggle.enabled ? 'Deactivate' : 'Activate'}
          fields={[REASON_FIELD]}
          onConfirm={async (values) => {
            const reason = String(values.reason);
            if (toggle.kind === 'quest') await setQuestEnabled(toggle.id, !toggle.enabled, reason);
            else await setQuestPackageEnabled(toggle.id, !toggle.enabled, reason);
            setOutcome(`${toggle.name} is ${toggle.enabled ? 'inactive' : 'active'}.`);
          }}
          onClose={() => setToggle(null)}
        />
      )}
    </>
  );
}
