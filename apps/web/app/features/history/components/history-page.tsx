import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMessages } from '../../../i18n/i18n.tsx';
import { redeemMessages, type RedeemTexts } from '../../../i18n/messages/redeem.ts';
import { PageSection } from '../../../ui/page-section.tsx';
import {
  HISTORY_TABS,
  invoiceStatusesOf,
  invoiceTypesOf,
  STATUS_FILTERS,
  tabFromHash,
  type HistoryTab,
  type StatusFilter,
} from '../history.fns';
import { InvoicesTable } from './invoices-table';
import { PurchasesTable } from './purchases-table';
import { StatisticsSummary } from './statistics-summary';

const PER_PAGE = 20;

/** /profile/history: the summary, then the invoices by type and status, or the purchases. */
export function HistoryPage() {
  const t = useMessages(redeemMessages);
  return (
    <>
      <StatisticsSummary />
      <PageSection id="history-list" title={t.historyListTitle}>
        <Transactions t={t} />
      </PageSection>
    </>
  );
}

function Transactions({ t }: { t: RedeemTexts }) {
  // The tab lives in the hash (#redemptions), so the redeem modal can link straight to it.
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabFromHash(location.hash);
  const [status, setStatus] = useState<StatusFilter>('any');
  const [page, setPage] = useState(1);
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (next: HistoryTab, focus = false) => {
    setPage(1);
    void navigate(
      { pathname: location.pathname, search: location.search, hash: next === 'all' ? '' : next },
      { replace: true, preventScrollReset: true },
    );
    if (focus) tabRefs.current[HISTORY_TABS.indexOf(next)]?.focus();
  };

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = HISTORY_TABS.indexOf(tab);
    const last = HISTORY_TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    select(HISTORY_TABS[target] ?? 'all', true);
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div
          role="tablist"
          aria-label={t.historyTabsLabel}
          className="flex flex-wrap gap-1"
          onKeyDown={onKeyDown}
        >
          {HISTORY_TABS.map((name, index) => (
            <button
              key={name}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`${id}-panel`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => select(name)}
              className={`rounded-full px-3 py-1.5 text-sm font-semibold ${tab === name ? 'bg-primary text-on-primary' : 'text-text hover:bg-surface-2'}`}
            >
              {t[`tab_${name}`]}
            </button>
          ))}
        </div>
        {tab !== 'purchases' && (
          <label className="text-sm text-text-muted">
            {t.statusFilter}
            <select
              className="ml-2 rounded-lg border border-border bg-surface px-2 py-1 text-text"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as StatusFilter);
                setPage(1);
              }}
            >
              {STATUS_FILTERS.map((name) => (
                <option key={name} value={name}>
                  {t[`filter_${name}`]}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'purchases' ? (
          <PurchasesTable page={page} perPage={PER_PAGE} onPage={setPage} t={t} />
        ) : (
          <InvoicesTable
            filter={{
              types: invoiceTypesOf(tab),
              statuses: invoiceStatusesOf(status),
              page,
              perPage: PER_PAGE,
            }}
            filtered={tab !== 'all' || status !== 'any'}
            onPage={setPage}
            t={t}
          />
        )}
      </div>
    </div>
  );
}
