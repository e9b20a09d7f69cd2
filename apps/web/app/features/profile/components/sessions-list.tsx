import { useState } from 'react';
import type { PlayerSessionList } from '@coinfall/shared/contracts/player';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useCloseSession, useSessions } from '../api/sessions.ts';
import { sessionRow } from '../sessions.fns.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';

type Messages = Record<keyof (typeof profileMessages)['en'], string>;

/** The player's live sessions, a page at a time; any but this one can be closed. */
export function SessionsList() {
  const t = useMessages(profileMessages);
  const [page, setPage] = useState(1);
  const sessions = useSessions(page);
  return (
    <PageSection id="sessions" title={t.sessionsTitle} description={t.sessionsIntro}>
      <LoadState texts={t} query={sessions} rows={3}>
        {(list) => <SessionsPage list={list} page={page} onPage={setPage} t={t} />}
      </LoadState>
    </PageSection>
  );
}

function SessionsPage({
  list,
  page,
  onPage,
  t,
}: {
  list: PlayerSessionList;
  page: number;
  onPage: (page: number) => void;
  t: Messages;
}) {
  const locale = useLocale();
  const close = useCloseSession(page);
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'error' }>({
    text: '',
    tone: 'info',
  });
  const rows = list.data.map((session) => sessionRow(session, locale));
  const totalPages = Math.max(1, list.meta.totalPages);
  const dash = t.sessionUnknown;

  return (
    <div className="flex flex-col gap-4">
      {rows.length === 0 ? (
        <p className="text-sm text-text-muted">{t.sessionsEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t.sessionsTitle}>
          {rows.map((row) => (
            <li
              key={row.id}
              data-testid="session-row"
              className="rounded-xl border border-border bg-surface-2/50 p-4"
            >
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <span className="font-semibold text-text">{row.device}</span>
                {row.current && (
                  <span className="rounded-full bg-primary/20 px-2 py-0.5 text-xs font-semibold text-text">
                    {t.sessionThisDevice}
                  </span>
                )}
                {row.closable && (
                  <button
                    type="button"
                    className={`${buttonClass('outline', 'sm')} ml-auto`}
                    aria-label={formatMessage(t.sessionCloseLabel, { device: row.device })}
                    disabled={close.isPending && close.variables === row.id}
                    onClick={() => {
                      setNotice({ text: '', tone: 'info' });
                      close.mutate(row.id, {
                        onSuccess: () => setNotice({ text: t.sessionClosed, tone: 'info' }),
                        onError: () => setNotice({ text: t.sessionCloseFailed, tone: 'error' }),
                      });
                    }}
                  >
                    {t.sessionClose}
                  </button>
                )}
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="text-text-muted">{t.sessionIp}</dt>
                <dd className="text-text">{row.ip ?? dash}</dd>
                <dt className="text-text-muted">{t.sessionLocation}</dt>
                <dd className="text-text">{row.location ?? dash}</dd>
                <dt className="text-text-muted">{t.sessionCreated}</dt>
                <dd className="text-text">{row.created}</dd>
                <dt className="text-text-muted">{t.sessionLastSeen}</dt>
                <dd className="text-text">{row.lastSeen}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <LiveMessage text={notice.text} tone={notice.tone} />
      {totalPages > 1 && (
        <nav aria-label={t.pagingLabel} className="flex items-center gap-3">
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t.pagePrevious}
          </button>
          <span className="text-sm text-text-muted" aria-live="polite">
            {formatMessage(t.pageOf, { page, total: totalPages })}
          </span>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1)}
          >
            {t.pageNext}
          </button>
        </nav>
      )}
    </div>
  );
}
