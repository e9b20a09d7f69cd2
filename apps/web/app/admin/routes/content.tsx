import { Link } from 'react-router';
import type { AdminContentSummary } from '@coinfall/shared/contracts/admin-content';
import { LOCALES, type Locale } from '@coinfall/shared/locales';
import { adminMeta } from '../admin-meta';
import { useContentList } from '../api/admin-content';
import { FILTER_INPUT, FILTER_LABEL, FilterButtons } from '../components/filter-fields';
import { PagedTable, type Column } from '../components/paged-table';
import { formatInstant } from '../format.fns';
import { filterOf, formText, pageOf, withChanges } from '../search-params.fns';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Content');

const PER_PAGE = 25;
const isLocale = (value: string | undefined): value is Locale =>
  (LOCALES as readonly string[]).includes(value ?? '');

/** The site's content documents per locale: which have a draft waiting, and who saved it. */
export default function AdminContent() {
  const [params, setParams] = useUrlQuery();
  const locale = filterOf(params, 'locale');
  const draftsOnly = filterOf(params, 'drafts') === 'only';
  const query = useContentList({
    page: pageOf(params),
    perPage: PER_PAGE,
    locale: isLocale(locale) ? locale : undefined,
    drafts: draftsOnly ? 'only' : undefined,
  });

  const columns: Column<AdminContentSummary>[] = [
    {
      header: 'Document',
      cell: (d) => (
        <Link to={`/admin/content/${d.locale}/${d.name}`} className="text-accent hover:underline">
          {d.name}
        </Link>
      ),
    },
    { header: 'Locale', cell: (d) => d.locale },
    {
      header: 'Published',
      cell: (d) =>
        d.publishedHash
          ? d.source === 'edited'
            ? 'Edited in the back office'
            : 'From the repository'
          : 'None (English is shown)',
    },
    {
      header: 'Draft',
      cell: (d) =>
        d.draftHash
          ? d.draftUpdatedBy
            ? `Waiting: ${d.draftUpdatedBy}, ${formatInstant(d.draftUpdatedAt!)}`
            : 'Waiting (repository draft)'
          : '—',
    },
  ];

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Content</h1>
      <p className="mb-6 text-sm text-text-muted">
        The site’s texts and settings, one document per locale. A draft shows only through its
        preview link until it is published; publishing checks it against the document’s rules.
      </p>
      <form
        key={params.toString()}
        role="search"
        aria-label="Filter content documents"
        className="mb-6 grid gap-3 sm:grid-cols-3 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setParams(
            withChanges(params, {
              locale: formText(form, 'locale'),
              drafts: form.get('drafts') === 'on' ? 'only' : '',
            }),
          );
        }}
      >
        <label className={FILTER_LABEL}>
          Locale
          <select name="locale" defaultValue={locale ?? ''} className={FILTER_INPUT}>
            <option value="">Every locale</option>
            {LOCALES.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="drafts"
            defaultChecked={draftsOnly}
            className="size-4 accent-accent"
          />
          Only documents with a draft waiting
        </label>
        <FilterButtons onClear={() => setParams(new URLSearchParams())} />
      </form>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(d) => `${d.locale}/${d.name}`}
        caption="Content documents by locale"
        emptyText="No content document matches these filters."
        onPage={(page) => setParams(withChanges(params, { page }))}
      />
    </>
  );
}
