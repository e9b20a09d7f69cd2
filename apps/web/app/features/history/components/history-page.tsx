import { useState } from 'react';
import { useMessages } from '../../../i18n/i18n.tsx';
import { redeemMessages, type RedeemTexts } from '../../../i18n/messages/redeem.ts';
import { PageSection } from '../../../ui/page-section.tsx';
import { Tabs, useHashTab } from '../../../ui/tabs.tsx';
import {
  HISTORY_TABS,
  invoiceStatusesOf,
  invoiceTypesOf,
  STATUS_FILTERS,
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
  const [tab, selectTab] = useHashTab(HISTORY_TABS);
  const [status, setStatus] = useState<StatusFilter>('any');
  const [page, setPage] = useState(1);

  return (
    <Tabs
      tabs={HISTORY_TABS}
      selected={tab}
      onSelect={(next) => {
        setPage(1);
        selectTab(next);
      }}
      label={t.historyTabsLabel}
      labelOf={(name) => t[`tab_${name}`]}
      aside={
        tab !== 'purchases' && (
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
        )
      }
    >
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
    </Tabs>
  );
}
