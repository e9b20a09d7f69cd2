import { useState } from 'react';
import type { AdminBundle } from '@coinfall/shared/contracts/admin-catalog';
import { parseMinorAmount } from '../../features/redeem/redeem.fns';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadState } from '../../ui/load-state';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { adminMeta } from '../admin-meta';
import { updateCatalogBundle, useCatalogBundles } from '../api/admin-catalog';
import { useCurrencies } from '../api/currencies';
import { CatalogTabs } from '../components/catalog-tabs';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/paged-table';
import { FormProblem } from '../failure.fns';
import { formatAmount, formatInstant } from '../format.fns';
import { instantOrNull, localInputOf } from '../promotions.fns';

const WINDOW_HINT = 'UTC, as 2026-12-24T18:00; empty:';
/** Where the bundle stands now: on sale, not yet, ended, or switched off. */
function saleState(b: AdminBundle, now: number): string {
  if (!b.active) return 'Off sale';
  if (b.startsAt && Date.parse(b.startsAt) > now) return `From ${formatInstant(b.startsAt)}`;
  if (b.endsAt && Date.parse(b.endsAt) <= now) return `Ended ${formatInstant(b.endsAt)}`;
  return b.endsAt ? `On sale until ${formatInstant(b.endsAt)}` : 'On sale';
}

export const meta = () => adminMeta('Catalog: coin bundles');

/** The shop's coin bundles: price, coins, order, and whether each is on sale. */
export default function AdminCatalogBundles() {
  const query = useCatalogBundles();
  const currencies = useCurrencies().data;
  const [editing, setEditing] = useState<AdminBundle | null>(null);
  const [outcome, setOutcome] = useState('');
  const money = (minor: number, currency: string) => formatAmount(minor, currency, currencies);
  const scaleOf = (currency: string) =>
    currencies?.find((c) => c.code === currency)?.subunitToUnit ?? 100;
  /** A typed amount in minor units, or a problem named on its field. */
  const amountOf = (field: string, text: string, currency: string, min: number) => {
    const minor = parseMinorAmount(text, scaleOf(currency));
    if (minor === undefined || minor < min)
      throw new FormProblem(field, min > 0 ? 'An amount above zero.' : 'An amount, 0 or more.');
    return minor;
  };

  const columns: Column<AdminBundle>[] = [
    { header: 'Order', numeric: true, cell: (b) => b.position },
    { header: 'Bundle', cell: (b) => <code>{b.identity}</code> },
    { header: 'Price', numeric: true, cell: (b) => money(b.priceAmount, b.priceCurrency) },
    { header: 'Gold Coins', numeric: true, cell: (b) => money(b.goldCoins, 'GC') },
    { header: 'Free Sweeps Coins', numeric: true, cell: (b) => money(b.sweepsCoins, 'SC') },
    { header: 'In the shop', cell: (b) => saleState(b, Date.now()) },
    {
      header: 'Action',
      cell: (b) => (
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          aria-label={`Edit ${b.identity}`}
          onClick={() => setEditing(b)}
        >
          Edit
        </button>
      ),
    },
  ];

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Catalog and shop</h1>
      <CatalogTabs />
      <p role="status" className="mb-4 text-sm text-success empty:hidden">
        {outcome}
      </p>
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={5}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState text="No coin bundle yet." />
          ) : (
            <DataTable
              rows={data}
              columns={columns}
              rowKey={(b) => String(b.id)}
              caption="Coin bundles in shop order"
            />
          )
        }
      </LoadState>
      {editing && (
        <ConfirmDialog
          dialogKey="catalog-bundle-edit"
          title={`Edit the ${editing.identity} bundle`}
          description="The shop shows the change at once; a purchase already started keeps its price."
          confirmLabel="Save"
          initialValues={{
            price: String(editing.priceAmount / scaleOf(editing.priceCurrency)),
            goldCoins: String(editing.goldCoins / scaleOf('GC')),
            sweepsCoins: String(editing.sweepsCoins / scaleOf('SC')),
            position: String(editing.position),
            active: editing.active,
            startsAt: localInputOf(editing.startsAt),
            endsAt: localInputOf(editing.endsAt),
          }}
          fields={[
            {
              name: 'price',
              label: `Price (${editing.priceCurrency})`,
              type: 'text',
              inputMode: 'decimal',
              required: true,
              autoComplete: 'off',
            },
            {
              name: 'goldCoins',
              label: 'Gold Coins',
              type: 'text',
              inputMode: 'decimal',
              required: true,
              autoComplete: 'off',
            },
            {
              name: 'sweepsCoins',
              label: 'Free Sweeps Coins',
              type: 'text',
              inputMode: 'decimal',
              required: true,
              autoComplete: 'off',
            },
            {
              name: 'position',
              label: 'Shop order',
              type: 'text',
              inputMode: 'numeric',
              required: true,
              autoComplete: 'off',
            },
            { name: 'active', label: 'On sale', type: 'checkbox', required: false },
            {
              name: 'startsAt',
              label: `Sale starts (${WINDOW_HINT} at once)`,
              type: 'text',
              required: false,
              autoComplete: 'off',
            },
            {
              name: 'endsAt',
              label: `Sale ends (${WINDOW_HINT} never)`,
              type: 'text',
              required: false,
              autoComplete: 'off',
            },
            {
              name: 'reason',
              label: 'Note for the audit log (optional)',
              type: 'text',
              required: false,
              autoComplete: 'off',
            },
          ]}
          onClose={() => setEditing(null)}
          onConfirm={async (values) => {
            const position = Number(String(values.position).trim());
            if (!Number.isInteger(position) || position < 0)
              throw new FormProblem('position', 'A whole number, 0 or more.');
            const saved = await updateCatalogBundle(editing.id, {
              priceAmount: amountOf('price', String(values.price), editing.priceCurrency, 1),
              goldCoins: amountOf('goldCoins', String(values.goldCoins), 'GC', 1),
              sweepsCoins: amountOf('sweepsCoins', String(values.sweepsCoins), 'SC', 0),
              position,
              active: values.active === true,
              startsAt: instantOrNull(String(values.startsAt ?? ''), 'startsAt'),
              endsAt: instantOrNull(String(values.endsAt ?? ''), 'endsAt'),
              reason: String(values.reason ?? '') || undefined,
            });
            setOutcome(`The ${saved.identity} bundle is saved.`);
          }}
        />
      )}
    </>
  );
}
