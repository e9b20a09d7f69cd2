import { useState } from 'react';
import type { AdminCollection } from '@coinfall/shared/contracts/admin-catalog';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadState } from '../../ui/load-state';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { adminMeta } from '../admin-meta';
import { updateCatalogCollection, useCatalogCollections } from '../api/admin-catalog';
import { CatalogTabs } from '../components/catalog-tabs';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/paged-table';
import { FormProblem } from '../failure.fns';

export const meta = () => adminMeta('Catalog: collections');

/** The lobby's collections: name, order, and the countries a restricted one is offered in. */
export default function AdminCatalogCollections() {
  const query = useCatalogCollections();
  const [editing, setEditing] = useState<AdminCollection | null>(null);
  const [outcome, setOutcome] = useState('');

  const columns: Column<AdminCollection>[] = [
    { header: 'Order', numeric: true, cell: (c) => c.position },
    {
      header: 'Collection',
      cell: (c) => (
        <>
          {c.name} <code className="text-xs text-text-muted">{c.identity}</code>
        </>
      ),
    },
    { header: 'Games', numeric: true, cell: (c) => c.games },
    {
      header: 'Countries',
      cell: (c) => (c.countries.length > 0 ? c.countries.join(', ') : 'Everywhere'),
    },
    {
      header: 'Action',
      cell: (c) => (
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          aria-label={`Edit ${c.name}`}
          onClick={() => setEditing(c)}
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
            <EmptyState text="No collection yet." />
          ) : (
            <DataTable
              rows={data}
              columns={columns}
              rowKey={(c) => String(c.id)}
              caption="Collections in lobby order"
            />
          )
        }
      </LoadState>
      {editing && (
        <ConfirmDialog
          dialogKey="catalog-collection-edit"
          title={`Edit ${editing.name}`}
          description="A collection with countries can only be browsed by signed-in players whose profile country is listed (licence rules); empty means everywhere."
          confirmLabel="Save"
          initialValues={{
            name: editing.name,
            position: String(editing.position),
            countries: editing.countries.join(', '),
          }}
          fields={[
            { name: 'name', label: 'Name', type: 'text', required: true, autoComplete: 'off' },
            {
              name: 'position',
              label: 'Lobby order',
              type: 'text',
              inputMode: 'numeric',
              required: true,
              autoComplete: 'off',
            },
            {
              name: 'countries',
              label: 'Countries (ISO codes, comma-separated)',
              type: 'text',
              required: false,
              autoComplete: 'off',
              hint: 'For example: US, CA. Empty: everywhere.',
            },
          ]}
          onClose={() => setEditing(null)}
          onConfirm={async (values) => {
            const position = Number(String(values.position).trim());
            if (!Number.isInteger(position) || position < 0)
              throw new FormProblem('position', 'A whole number, 0 or more.');
            const countries = String(values.countries ?? '')
              .split(',')
              .map((c) => c.trim().toUpperCase())
              .filter(Boolean);
            const saved = await updateCatalogCollection(editing.id, {
              name: String(values.name).trim(),
              position,
              countries,
            });
            setOutcome(`${saved.name} is saved.`);
          }}
        />
      )}
    </>
  );
}
