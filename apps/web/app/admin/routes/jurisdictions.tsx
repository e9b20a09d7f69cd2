import { useState } from 'react';
import {
  refusesPlayOrRedemptions,
  type AdminJurisdictionPut,
  type AdminJurisdictionRule,
} from '@coinfall/shared/contracts/admin-jurisdictions';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import { putJurisdictionRule, useJurisdictionRules } from '../api/admin-jurisdictions';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { FILTER_INPUT, FILTER_LABEL, FilterButtons } from '../components/filter-fields';
import { PagedTable, type Column } from '../components/paged-table';
import { FormProblem } from '../failure.fns';
import { formatInstant } from '../format.fns';
import { instantOrNull, localInputOf } from '../promotions.fns';
import { filterOf, formText, pageOf, withChanges } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Jurisdiction rules');

const PER_PAGE = 25;
const yesNo = (allowed: boolean) => (allowed ? 'Allowed' : 'Refused');
const placeOf = (r: { country: string; region: string }) =>
  r.region ? `${r.region}, ${r.country}` : `${r.country} (whole country)`;
const text = (values: Readonly<Record<string, string | boolean>>, name: string) =>
  String(values[name] ?? '').trim();

/** A new rule starts from today, everything allowed. */
const BLANK: AdminJurisdictionRule = {
  id: '',
  updatedAt: '',
  country: 'US',
  region: '',
  sweepsPlay: true,
  purchaseBonuses: true,
  redemptions: true,
  effectiveFrom: new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z',
  redemptionWindDownUntil: null,
  note: '',
  minAge: 18,
};

/**
 * The jurisdiction table (issue 16, decision 058): where Sweeps Coins play, purchase bonuses and
 * redemptions are allowed, from when. A put that refuses play or redemptions asks once more: it
 * changes what players there may do at their next request.
 */
export default function AdminJurisdictions() {
  const [params, setParams] = useUrlQuery();
  const country = filterOf(params, 'country');
  const query = useJurisdictionRules({ page: pageOf(params), perPage: PER_PAGE, country });
  const [editing, setEditing] = useState<AdminJurisdictionRule | null>(null);
  const [refusing, setRefusing] = useState<AdminJurisdictionPut | null>(null);
  const [outcome, setOutcome] = useState('');

  const save = async (body: AdminJurisdictionPut) => {
    const saved = await putJurisdictionRule(body);
    setOutcome(
      `The rule for ${placeOf(saved)} from ${formatInstant(saved.effectiveFrom)} is saved.`,
    );
  };

  const columns: Column<AdminJurisdictionRule>[] = [
    { header: 'Place', cell: (r) => placeOf(r) },
    { header: 'From', cell: (r) => formatInstant(r.effectiveFrom) },
    { header: 'Sweeps Coins play', cell: (r) => yesNo(r.sweepsPlay) },
    { header: 'Purchase bonuses', cell: (r) => yesNo(r.purchaseBonuses) },
    {
      header: 'Redemptions',
      cell: (r) =>
        r.redemptionWindDownUntil
          ? `${yesNo(r.redemptions)}; open until ${formatInstant(r.redemptionWindDownUntil)}`
          : yesNo(r.redemptions),
    },
    { header: 'Minimum age', numeric: true, cell: (r) => r.minAge },
    { header: 'Note', cell: (r) => r.note || '—' },
    {
      header: 'Action',
      cell: (r) => (
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          aria-label={`Edit the rule for ${placeOf(r)} from ${formatInstant(r.effectiveFrom)}`}
          onClick={() => setEditing(r)}
        >
          Edit
        </button>
      ),
    },
  ];

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Jurisdiction rules</h1>
      <p className="mb-4 max-w-prose text-sm text-text-muted">
        Where Sweeps Coins play, purchase bonuses and redemptions are allowed, by country and state,
        from a date. A place without a rule allows everything; Gold Coins play is never restricted.
      </p>
      <form
        key={params.toString()}
        role="search"
        aria-label="Filter rules"
        className="mb-6 grid gap-3 sm:grid-cols-3 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setParams(withChanges(params, { country: formText(form, 'country').toUpperCase() }));
        }}
      >
        <label className={FILTER_LABEL}>
          Country (ISO code, such as US)
          <input
            name="country"
            defaultValue={country ?? ''}
            maxLength={2}
            autoComplete="off"
            className={FILTER_INPUT}
          />
        </label>
        <FilterButtons onClear={() => setParams(new URLSearchParams())} />
      </form>
      <div className="mb-4 flex items-center gap-4">
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          onClick={() => setEditing(BLANK)}
        >
          New rule
        </button>
        <p role="status" className="text-sm text-success empty:hidden">
          {outcome}
        </p>
      </div>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Jurisdiction rules by place and start date"
        emptyText="No rule for this filter."
        onPage={(page) => setParams(withChanges(params, { page }))}
      />
      {editing && (
        <ConfirmDialog
          dialogKey="jurisdiction-rule-edit"
          title={editing.id ? `Edit the rule for ${placeOf(editing)}` : 'New jurisdiction rule'}
          description="A rule for the same place and start date replaces it. Players there see the change at their next request."
          confirmLabel="Save"
          initialValues={{
            country: editing.country,
            region: editing.region,
            effectiveFrom: localInputOf(editing.effectiveFrom),
            sweepsPlay: editing.sweepsPlay,
            purchaseBonuses: editing.purchaseBonuses,
            redemptions: editing.redemptions,
            redemptionWindDownUntil: localInputOf(editing.redemptionWindDownUntil),
            minAge: String(editing.minAge),
            note: editing.note,
          }}
          fields={[
            {
              name: 'country',
              label: 'Country (ISO code)',
              type: 'text',
              required: true,
              autoComplete: 'off',
            },
            {
              name: 'region',
              label: 'State code (empty: the whole country)',
              type: 'text',
              required: false,
              autoComplete: 'off',
            },
            {
              name: 'effectiveFrom',
              label: 'Effective from (UTC, as 2026-12-24T00:00)',
              type: 'text',
              required: true,
              autoComplete: 'off',
            },
            {
              name: 'sweepsPlay',
              label: 'Sweeps Coins play allowed',
              type: 'checkbox',
              required: false,
            },
            {
              name: 'purchaseBonuses',
              label: 'Purchase bonuses allowed',
              type: 'checkbox',
              required: false,
            },
            {
              name: 'redemptions',
              label: 'Redemptions allowed',
              type: 'checkbox',
              required: false,
            },
            {
              name: 'redemptionWindDownUntil',
              label: 'Redemptions stay open until (UTC; empty: no wind-down)',
              type: 'text',
              required: false,
              autoComplete: 'off',
            },
            {
              name: 'minAge',
              label: 'Minimum age',
              type: 'text',
              inputMode: 'numeric',
              required: true,
              autoComplete: 'off',
            },
            {
              name: 'note',
              label: 'Note shown to players',
              type: 'text',
              required: false,
              autoComplete: 'off',
            },
            REASON_FIELD,
          ]}
          onClose={() => setEditing(null)}
          onConfirm={async (values) => {
            const minAge = Number(text(values, 'minAge'));
            if (!Number.isInteger(minAge) || minAge < 18 || minAge > 25)
              throw new FormProblem('minAge', 'A whole number from 18 to 25.');
            const effectiveFrom = instantOrNull(text(values, 'effectiveFrom'), 'effectiveFrom');
            if (!effectiveFrom) throw new FormProblem('effectiveFrom', 'A date and time (UTC)');
            const body = {
              country: text(values, 'country').toUpperCase(),
              region: text(values, 'region').toUpperCase(),
              effectiveFrom,
              sweepsPlay: values.sweepsPlay === true,
              purchaseBonuses: values.purchaseBonuses === true,
              redemptions: values.redemptions === true,
              redemptionWindDownUntil: instantOrNull(
                text(values, 'redemptionWindDownUntil'),
                'redemptionWindDownUntil',
              ),
              minAge,
              note: text(values, 'note'),
            };
            // Taking play or redemptions away asks once more, with the reason already given.
            if (refusesPlayOrRedemptions(body))
              setRefusing({ ...body, reason: text(values, 'reason') });
            else await save({ ...body, reason: text(values, 'reason') });
          }}
        />
      )}
      {refusing && (
        <ConfirmDialog
          dialogKey="jurisdiction-rule-refuse"
          title={`Refuse ${[!refusing.sweepsPlay && 'Sweeps Coins play', !refusing.redemptions && 'redemptions'].filter(Boolean).join(' and ')} in ${placeOf(refusing)}?`}
          description={`From ${formatInstant(refusing.effectiveFrom)}, players there can no longer do this; their next request is refused.`}
          confirmLabel="Save the rule"
          onClose={() => setRefusing(null)}
          onConfirm={() => save(refusing)}
        />
      )}
    </>
  );
}
