import { useState } from 'react';
import type { StaffSessionList } from '@coinfall/shared/contracts/admin';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import { revokeOwnSession, useOwnSessions } from '../api/admin-staff';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PagedTable, type Column } from '../components/paged-table';
import { formatInstant } from '../format.fns';
import { pageOf, withChanges } from '../search-params.fns';
import { useStaff } from '../use-staff';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('My sessions');

const PER_PAGE = 20;
type Session = StaffSessionList['data'][number];

/** The signed-in staff member's own live sessions: where, since when, and revoke another. */
export default function AdminAccount() {
  const staff = useStaff();
  const [params, setParams] = useUrlQuery();
  const query = useOwnSessions(pageOf(params), PER_PAGE);
  const [revoking, setRevoking] = useState<Session | null>(null);
  const [outcome, setOutcome] = useState('');

  const columns: Column<Session>[] = [
    { header: 'Signed in', cell: (s) => formatInstant(s.createdAt) },
    { header: 'Last used', cell: (s) => formatInstant(s.lastSeenAt) },
    { header: 'Address', cell: (s) => s.ip ?? '—' },
    { header: 'Browser', cell: (s) => <span className="break-all">{s.userAgent ?? '—'}</span> },
    {
      header: 'Action',
      cell: (s) =>
        s.current ? (
          <span className="font-semibold">This session</span>
        ) : (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            aria-label={`End the session signed in ${formatInstant(s.createdAt)}`}
            onClick={() => setRevoking(s)}
          >
            End session
          </button>
        ),
    },
  ];

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">My sessions</h1>
      <p className="mb-6 text-sm text-text-muted">
        Signed in as {staff.email} ({staff.role}). A session ends after {staff.idleTimeoutMinutes}{' '}
        minutes without use; sign out where you are done.
      </p>
      <p role="status" className="mb-4 text-sm text-success empty:hidden">
        {outcome}
      </p>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(s) => s.id}
        caption="Your live sessions, most recently used first"
        emptyText="No live session."
        onPage={(page) => setParams(withChanges(params, { page }))}
      />
      {revoking && (
        <ConfirmDialog
          dialogKey="staff-session-revoke"
          title="End this session?"
          description={`The session signed in ${formatInstant(revoking.createdAt)} from ${revoking.ip ?? 'an unknown address'} ends at once; that browser has to sign in again.`}
          confirmLabel="End the session"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revokeOwnSession(revoking.id);
            setOutcome('The session has ended.');
          }}
        />
      )}
    </>
  );
}
