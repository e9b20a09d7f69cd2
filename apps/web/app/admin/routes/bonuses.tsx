import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminBonusDefinition } from '@coinfall/shared/contracts/admin-promotions';
import { BONUS_KINDS } from '@coinfall/shared/contracts/bonus';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import { setBonusDefinitionEnabled, useBonusDefinitions } from '../api/admin-promotions';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { FILTER_INPUT, FILTER_LABEL } from '../components/filter-fields';
import {
  PromotionFilters,
  PromotionTable,
  StatusFilter,
  StatusToggle,
} from '../components/promotion-list';
import { type Column } from '../components/paged-table';
import { formatInstant } from '../format.fns';
import { claimsText, definitionQueryOf, rewardSummary } from '../promotions.fns';
import { filterOf } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Bonuses');

const PER_PAGE = 25;
const FILTERS = ['q', 'kind', 'enabled'];

/**
 * Bonus definitions (free-spin campaigns are definitions with free spins): filtered, sorted by a
 * click on a column header, paged on the server; each opens its editor; activation is confirmed
 * with a reason.
 */
export default function AdminBonuses() {
  const [params] = useUrlQuery();
  const search = definitionQueryOf(params, PER_PAGE);
  const query = useBonusDefinitions(search);
  const [toggling, setToggling] = useState<AdminBonusDefinition | null>(null);
  const [outcome, setOutcome] = useState('');
  const value = (name: string) => filterOf(params, name) ?? '';

  const columns: Column<AdminBonusDefinition>[] = [
    {
      header: 'Slug',
      sortKey: 'slug',
      cell: (d) => (
        <Link to={`/admin/bonuses/${d.id}`} className="text-accent hover:underline">
          {d.slug}
        </Link>
      ),
    },
    { header: 'Kind', sortKey: 'kind', cell: (d) => d.kind },
    { header: 'Gives', cell: rewardSummary },
    { header: 'Wagering', numeric: true, cell: (d) => `${d.wageringTenths / 10}×` },
    {
      header: 'Claims',
      sortKey: 'claims',
      numeric: true,
      cell: claimsText,
    },
    { header: 'Created', sortKey: 'createdAt', cell: (d) => formatInstant(d.createdAt) },
    {
      header: 'Status',
      cell: (d) => (
        <StatusToggle name={d.slug} enabled={d.enabled} onToggle={() => setToggling(d)} />
      ),
    },
  ];

  return (
    <>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Bonuses</h1>
        <div className="flex gap-3 text-sm">
          <Link to="/admin/bonus-codes" className="text-accent hover:underline">
            Bonus codes →
          </Link>
          <Link to="/admin/bonuses/new" className={buttonClass('primary', 'sm')}>
            New bonus
          </Link>
        </div>
      </div>
      <PromotionFilters label="Filter bonuses" filters={FILTERS} columns={4}>
        <label className={FILTER_LABEL}>
          Slug contains
          <input name="q" defaultValue={value('q')} maxLength={64} className={FILTER_INPUT} />
        </label>
        <label className={FILTER_LABEL}>
          Kind
          <select name="kind" defaultValue={value('kind')} className={FILTER_INPUT}>
            <option value="">Any</option>
            {BONUS_KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
        <StatusFilter defaultValue={value('enabled')} />
      </PromotionFilters>
      <PromotionTable
        query={query}
        columns={columns}
        caption="Bonus definitions"
        emptyText="No bonus matches these filters."
        sorting={search}
        outcome={outcome}
      />
      {toggling && (
        <ConfirmDialog
          dialogKey="bonus-definition-status"
          title={`${toggling.enabled ? 'Deactivate' : 'Activate'} ${toggling.slug}?`}
          description={
            toggling.enabled
              ? 'No player receives it any more (its codes are refused as not available). Bonuses already issued stay as they are.'
              : 'Players receive it again from now on, within its claim window and cap.'
          }
          confirmLabel={toggling.enabled ? 'Deactivate' : 'Activate'}
          fields={[REASON_FIELD]}
          onConfirm={async (values) => {
            const saved = await setBonusDefinitionEnabled(
              toggling.id,
              !toggling.enabled,
              String(values.reason),
            );
            setOutcome(`${saved.slug} is ${saved.enabled ? 'active' : 'inactive'}.`);
          }}
          onClose={() => setToggling(null)}
        />
      )}
    </>
  );
}
