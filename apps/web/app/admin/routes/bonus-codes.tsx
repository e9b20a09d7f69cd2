import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminBonusCode } from '@coinfall/shared/contracts/admin-promotions';
import { BonusCodeTrigger } from '@coinfall/shared/bonus-constants';
import { buttonClass } from '../../ui/button';
import type { FieldSpec } from '../../ui/form/account-form';
import { adminMeta } from '../admin-meta';
import {
  createBonusCode,
  setBonusCodeEnabled,
  updateBonusCode,
  useBonusCodes,
  useBonusDefinitions,
} from '../api/admin-promotions';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { FILTER_INPUT, FILTER_LABEL } from '../components/filter-fields';
import { PromotionFilters, PromotionTable, StatusFilter } from '../components/promotion-list';
import { type Column } from '../components/paged-table';
import { formatInstant } from '../format.fns';
import {
  claimsText,
  codeQueryOf,
  instantOrNull,
  localInputOf,
  wholeNumber,
} from '../promotions.fns';
import { filterOf } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Bonus codes');

const PER_PAGE = 25;
const FILTERS = ['q', 'bonusId', 'enabled'];
const TRIGGER_NAMES: Record<number, string> = {
  [BonusCodeTrigger.Registration]: 'At sign-up',
  [BonusCodeTrigger.Purchase]: 'With a purchase',
  [BonusCodeTrigger.Instant]: 'Instant (bonuses page)',
};

const LIMIT_FIELDS: FieldSpec[] = [
  {
    name: 'claimCap',
    label: 'Claim cap (empty: none)',
    type: 'text',
    inputMode: 'numeric',
    required: false,
  },
  {
    name: 'startsAt',
    label: 'Valid from (UTC, YYYY-MM-DDTHH:MM; empty: now)',
    type: 'text',
    required: false,
    placeholder: '2027-01-01T00:00',
  },
  {
    name: 'expiresAt',
    label: 'Valid until (UTC, YYYY-MM-DDTHH:MM; empty: no end)',
    type: 'text',
    required: false,
    placeholder: '2027-01-31T23:59',
  },
];

/** The limits part of a create or edit body, read from the dialog's fields. */
const limitsOf = (values: Readonly<Record<string, string | boolean>>) => {
  const text = (name: string) => String(values[name] ?? '');
  return {
    claimCap: text('claimCap').trim() ? wholeNumber(text('claimCap'), 'claimCap') : null,
    startsAt: instantOrNull(text('startsAt'), 'startsAt'),
    expiresAt: instantOrNull(text('expiresAt'), 'expiresAt'),
    reason: text('reason').trim(),
  };
};

type Dialog = { kind: 'create' } | { kind: 'edit' | 'status'; code: AdminBonusCode } | null;

/**
 * Bonus codes: claims against the cap and redemptions (players whose code was applied), sorted
 * by a click on a column header, paged on the server; create, edit limits, (de)activate — each
 * confirmed with a reason.
 */
export default function AdminBonusCodes() {
  const [params] = useUrlQuery();
  const search = codeQueryOf(params, PER_PAGE);
  const query = useBonusCodes(search);
  const definitions = useBonusDefinitions({
    page: 1,
    perPage: 100,
    enabled: undefined,
    sort: 'slug',
    order: 'asc',
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [outcome, setOutcome] = useState('');
  const value = (name: string) => filterOf(params, name) ?? '';
  const close = () => setDialog(null);

  const columns: Column<AdminBonusCode>[] = [
    { header: 'Code', sortKey: 'code', cell: (c) => <code>{c.code}</code> },
    {
      header: 'Bonus',
      cell: (c) => (
        <Link to={`/admin/bonuses/${c.bonusId}`} className="text-accent hover:underline">
          {c.bonusSlug}
        </Link>
      ),
    },
    { header: 'Entered', cell: (c) => TRIGGER_NAMES[c.trigger] ?? String(c.trigger) },
    {
      header: 'Claims',
      sortKey: 'claims',
      numeric: true,
      cell: claimsText,
    },
    { header: 'Redemptions', sortKey: 'redemptions', numeric: true, cell: (c) => c.redemptions },
    {
      header: 'Valid until',
      sortKey: 'expiresAt',
      cell: (c) => (c.expiresAt ? formatInstant(c.expiresAt) : 'No end'),
    },
    { header: 'Created', sortKey: 'createdAt', cell: (c) => formatInstant(c.createdAt) },
    {
      header: 'Actions',
      cell: (c) => (
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => setDialog({ kind: 'edit', code: c })}
            aria-label={`Edit the limits of ${c.code}`}
          >
            Edit
          </button>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => setDialog({ kind: 'status', code: c })}
            aria-label={`${c.enabled ? 'Deactivate' : 'Activate'} ${c.code}`}
          >
            {c.enabled ? 'Deactivate' : 'Activate'}
          </button>
        </div>
      ),
    },
  ];

  const definitionOptions = (definitions.data?.data ?? []).map((d) => ({
    value: String(d.id),
    label: `${d.slug}${d.enabled ? '' : ' (inactive)'}`,
  }));

  return (
    <>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Bonus codes</h1>
        <div className="flex gap-3 text-sm">
          <Link to="/admin/bonuses" className="text-accent hover:underline">
            ← Bonuses
          </Link>
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            onClick={() => setDialog({ kind: 'create' })}
          >
            New code
          </button>
        </div>
      </div>
      <PromotionFilters label="Filter bonus codes" filters={FILTERS} columns={4}>
        <label className={FILTER_LABEL}>
          Code contains
          <input name="q" defaultValue={value('q')} maxLength={64} className={FILTER_INPUT} />
        </label>
        <label className={FILTER_LABEL}>
          Bonus
          <select name="bonusId" defaultValue={value('bonusId')} className={FILTER_INPUT}>
            <option value="">Any</option>
            {definitionOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <StatusFilter defaultValue={value('enabled')} />
      </PromotionFilters>
      <PromotionTable
        query={query}
        columns={columns}
        caption="Bonus codes"
        emptyText="No bonus code matches these filters."
        sorting={search}
        outcome={outcome}
      />
      {dialog?.kind === 'create' && (
        <ConfirmDialog
          dialogKey="bonus-code-create"
          title="New bonus code"
          description="Players can use it as soon as it is created. Codes are case-sensitive."
          confirmLabel="Create code"
          fields={[
            {
              name: 'code',
              label: 'Code (letters, digits, _ and -)',
              type: 'text',
              required: true,
              autoComplete: 'off',
            },
            {
              name: 'bonusId',
              label: 'Bonus it gives',
              type: 'select',
              required: true,
              options: definitionOptions,
              placeholder: 'Choose a bonus',
            },
            {
              name: 'trigger',
              label: 'Where players enter it',
              type: 'select',
              required: true,
              options: Object.entries(TRIGGER_NAMES).map(([v, label]) => ({ value: v, label })),
              placeholder: 'Choose where',
            },
            ...LIMIT_FIELDS,
            REASON_FIELD,
          ]}
          initialValues={{ trigger: String(BonusCodeTrigger.Instant) }}
          onConfirm={async (values) => {
            const created = await createBonusCode({
              code: String(values.code).trim(),
              bonusId: Number(values.bonusId),
              trigger: Number(values.trigger),
              eligibility: {},
              ...limitsOf(values),
            });
            setOutcome(`Created ${created.code}.`);
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'edit' && (
        <ConfirmDialog
          dialogKey="bonus-code-edit"
          title={`Limits of ${dialog.code.code}`}
          description={`Claimed ${dialog.code.claims} times: the cap cannot go below that.`}
          confirmLabel="Save limits"
          fields={[...LIMIT_FIELDS, REASON_FIELD]}
          initialValues={{
            claimCap: dialog.code.claimCap === null ? '' : String(dialog.code.claimCap),
            startsAt: localInputOf(dialog.code.startsAt),
            expiresAt: localInputOf(dialog.code.expiresAt),
          }}
          onConfirm={async (values) => {
            const saved = await updateBonusCode(dialog.code.id, {
              eligibility: dialog.code.eligibility,
              ...limitsOf(values),
            });
            setOutcome(`Saved the limits of ${saved.code}.`);
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'status' && (
        <ConfirmDialog
          dialogKey="bonus-code-status"
          title={`${dialog.code.enabled ? 'Deactivate' : 'Activate'} ${dialog.code.code}?`}
          description={
            dialog.code.enabled
              ? 'Players who enter it from now on are told it is not available. What it gave stays.'
              : 'Players can enter it again, within its validity and cap.'
          }
          confirmLabel={dialog.code.enabled ? 'Deactivate' : 'Activate'}
          fields={[REASON_FIELD]}
          onConfirm={async (values) => {
            const saved = await setBonusCodeEnabled(
              dialog.code.id,
              !dialog.code.enabled,
              String(values.reason),
            );
            setOutcome(`${saved.code} is ${saved.enabled ? 'active' : 'inactive'}.`);
          }}
          onClose={close}
        />
      )}
    </>
  );
}
