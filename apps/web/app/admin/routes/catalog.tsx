import { useState } from 'react';
import type { AdminCatalogGame } from '@coinfall/shared/contracts/admin-catalog';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import { updateCatalogGame, useCatalogCollections, useCatalogGames } from '../api/admin-catalog';
import { CatalogTabs } from '../components/catalog-tabs';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FILTER_INPUT, FILTER_LABEL, FilterButtons } from '../components/filter-fields';
import { PagedTable, type Column } from '../components/paged-table';
import { FormProblem } from '../failure.fns';
import { filterOf, formText, pageOf, withChanges } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Catalog: games');

const PER_PAGE = 25;
const NOTE_FIELD = {
  name: 'reason',
  label: 'Note for the audit log (optional)',
  type: 'text',
  required: false,
  autoComplete: 'off',
} as const;

/** Every game: switch one off or on, set its lobby order and its collections. */
export default function AdminCatalogGames() {
  const [params, setParams] = useUrlQuery();
  const q = filterOf(params, 'q');
  const enabledFilter = filterOf(params, 'enabled');
  const enabled = enabledFilter === '0' || enabledFilter === '1' ? enabledFilter : undefined;
  const query = useCatalogGames({ page: pageOf(params), perPage: PER_PAGE, q, enabled });
  const collections = useCatalogCollections().data?.data ?? [];
  const [dialog, setDialog] = useState<{ game: AdminCatalogGame; kind: 'toggle' | 'edit' } | null>(
    null,
  );
  const [outcome, setOutcome] = useState('');

  const columns: Column<AdminCatalogGame>[] = [
    { header: 'Order', numeric: true, cell: (g) => g.position },
    {
      header: 'Game',
      cell: (g) => (
        <>
          {g.name} <code className="text-xs text-text-muted">{g.identity}</code>
        </>
      ),
    },
    { header: 'Provider', cell: (g) => g.provider },
    {
      header: 'Collections',
      cell: (g) => (g.collections.length > 0 ? g.collections.join(', ') : '—'),
    },
    {
      header: 'Countries',
      cell: (g) => (g.countries.length > 0 ? g.countries.join(', ') : 'Everywhere'),
    },
    { header: 'On the site', cell: (g) => (g.enabled ? 'Enabled' : 'Disabled') },
    {
      header: 'Actions',
      cell: (g) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            aria-label={`${g.enabled ? 'Disable' : 'Enable'} ${g.name}`}
            onClick={() => setDialog({ game: g, kind: 'toggle' })}
          >
            {g.enabled ? 'Disable' : 'Enable'}
          </button>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            aria-label={`Edit ${g.name}`}
            onClick={() => setDialog({ game: g, kind: 'edit' })}
          >
            Edit
          </button>
        </div>
      ),
    },
  ];

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Catalog and shop</h1>
      <CatalogTabs />
      <form
        key={params.toString()}
        role="search"
        aria-label="Filter games"
        className="mb-6 grid gap-3 sm:grid-cols-3 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setParams(
            withChanges(params, { q: formText(form, 'q'), enabled: formText(form, 'enabled') }),
          );
        }}
      >
        <label className={FILTER_LABEL}>
          Name or identity starts with
          <input name="q" defaultValue={q ?? ''} maxLength={100} className={FILTER_INPUT} />
        </label>
        <label className={FILTER_LABEL}>
          On the site
          <select name="enabled" defaultValue={enabled ?? ''} className={FILTER_INPUT}>
            <option value="">All games</option>
            <option value="1">Enabled</option>
            <option value="0">Disabled</option>
          </select>
        </label>
        <FilterButtons onClear={() => setParams(new URLSearchParams())} />
      </form>
      <p role="status" className="mb-4 text-sm text-success empty:hidden">
        {outcome}
      </p>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(g) => String(g.id)}
        caption="Games in lobby order"
        emptyText="No game matches these filters."
        onPage={(page) => setParams(withChanges(params, { page }))}
      />
      {dialog?.kind === 'toggle' && (
        <ConfirmDialog
          dialogKey="catalog-game-toggle"
          title={`${dialog.game.enabled ? 'Disable' : 'Enable'} ${dialog.game.name}?`}
          description={
            dialog.game.enabled
              ? 'It leaves the lobby, its page and every list on the site at once, and cannot be launched.'
              : 'It shows in the lobby and its collections again, and can be launched.'
          }
          confirmLabel={dialog.game.enabled ? 'Disable the game' : 'Enable the game'}
          fields={[NOTE_FIELD]}
          onClose={() => setDialog(null)}
          onConfirm={async (values) => {
            const game = await updateCatalogGame(dialog.game.id, {
              enabled: !dialog.game.enabled,
              reason: String(values.reason ?? '') || undefined,
            });
            setOutcome(`${game.name} is ${game.enabled ? 'enabled' : 'disabled'}.`);
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <ConfirmDialog
          dialogKey="catalog-game-edit"
          title={`Edit ${dialog.game.name}`}
          description="The lobby order (lower first), the collections it is listed in, and the countries where it may be seen and played (by the profile country; a guest sees only games open everywhere)."
          confirmLabel="Save"
          initialValues={{
            position: String(dialog.game.position),
            collections: dialog.game.collections.join(', '),
            countries: dialog.game.countries.join(', '),
          }}
          fields={[
            {
              name: 'position',
              label: 'Lobby order',
              type: 'text',
              inputMode: 'numeric',
              required: true,
              autoComplete: 'off',
            },
            {
              name: 'collections',
              label: 'Collections (identities, comma-separated)',
              type: 'text',
              required: false,
              autoComplete: 'off',
              hint: `Known: ${collections.map((c) => c.identity).join(', ') || '…'}`,
            },
            {
              name: 'countries',
              label: 'Countries (ISO codes, comma-separated)',
              type: 'text',
              required: false,
              autoComplete: 'off',
              hint: 'For example: US, CA. Empty: everywhere.',
            },
            NOTE_FIELD,
          ]}
          onClose={() => setDialog(null)}
          onConfirm={async (values) => {
            const position = Number(String(values.position).trim());
            if (!Number.isInteger(position) || position < 0)
              throw new FormProblem('position', 'A whole number, 0 or more.');
            const listed = String(values.collections ?? '')
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean);
            const game = await updateCatalogGame(dialog.game.id, {
              position,
              collections: listed,
              countries: String(values.countries ?? '')
                .split(',')
                .map((c) => c.trim().toUpperCase())
                .filter(Boolean),
              reason: String(values.reason ?? '') || undefined,
            });
            setOutcome(`${game.name} is saved.`);
          }}
        />
      )}
    </>
  );
}
