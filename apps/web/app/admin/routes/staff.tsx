import { useState } from 'react';
import {
  STAFF_ACCOUNT_SORTS,
  type StaffAccount,
  type StaffAccountCreated,
} from '@coinfall/shared/contracts/admin';
import { STAFF_ROLES, type StaffRole } from '@coinfall/shared/admin-permissions';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import {
  changeStaffAccount,
  changeStaffRole,
  createStaffAccount,
  useStaffAccounts,
  type StaffAccountAction,
} from '../api/admin-staff';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { PagedTable, type Column } from '../components/paged-table';
import { formatInstant } from '../format.fns';
import { nextSorting, pageOf, sortingOf, withChanges } from '../search-params.fns';
import { useStaff } from '../use-staff';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Staff accounts');

const PER_PAGE = 25;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: role }));

type Dialog =
  | { kind: 'create' }
  | { kind: 'role'; account: StaffAccount }
  | { kind: StaffAccountAction; account: StaffAccount };

const ACTION_TEXTS: Record<
  StaffAccountAction,
  { title: string; description: string; confirm: string; done: string }
> = {
  disable: {
    title: 'Disable',
    description:
      'Every session of this staff member ends at once, and they cannot sign in until enabled again.',
    confirm: 'Disable the account',
    done: 'is disabled; their sessions have ended',
  },
  enable: {
    title: 'Enable',
    description: 'They can sign in again with their password and authenticator.',
    confirm: 'Enable the account',
    done: 'is enabled again',
  },
  'reset-two-factor': {
    title: 'Reset the two-factor of',
    description:
      'Their authenticator and recovery codes stop working and every session ends. At the next sign-in they scan a new QR code.',
    confirm: 'Reset two-factor',
    done: 'has no authenticator now; they enrol a new one at their next sign-in',
  },
};

/** The staff accounts (admin only): who has which role, create one, and change another's. */
export default function AdminStaff() {
  const staff = useStaff();
  const [params, setParams] = useUrlQuery();
  const sorting = sortingOf(params, STAFF_ACCOUNT_SORTS, 'email', 'asc');
  const query = useStaffAccounts({ ...sorting, page: pageOf(params), perPage: PER_PAGE });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [outcome, setOutcome] = useState('');
  const [created, setCreated] = useState<StaffAccountCreated | null>(null);
  const close = () => setDialog(null);

  const columns: Column<StaffAccount>[] = [
    { header: 'Email', sortKey: 'email', cell: (a) => a.email },
    { header: 'Role', sortKey: 'role', cell: (a) => a.role },
    {
      header: 'Status',
      cell: (a) => (a.disabledAt ? `Disabled since ${formatInstant(a.disabledAt)}` : 'Active'),
    },
    {
      header: 'Two-factor',
      cell: (a) => (a.enrolled ? 'Enrolled' : 'Enrols at next sign-in'),
    },
    { header: 'Created', sortKey: 'createdAt', cell: (a) => formatInstant(a.createdAt) },
    {
      header: 'Actions',
      cell: (a) =>
        a.id === staff.id ? (
          <span className="text-text-muted">You (another admin changes your account)</span>
        ) : (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              aria-label={`Change the role of ${a.email}`}
              onClick={() => setDialog({ kind: 'role', account: a })}
            >
              Change role
            </button>
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              aria-label={`${a.disabledAt ? 'Enable' : 'Disable'} ${a.email}`}
              onClick={() => setDialog({ kind: a.disabledAt ? 'enable' : 'disable', account: a })}
            >
              {a.disabledAt ? 'Enable' : 'Disable'}
            </button>
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              aria-label={`Reset the two-factor of ${a.email}`}
              onClick={() => setDialog({ kind: 'reset-two-factor', account: a })}
            >
              Reset two-factor
            </button>
          </div>
        ),
    },
  ];

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Staff accounts</h1>
        <button
          type="button"
          className={buttonClass('primary', 'md')}
          onClick={() => setDialog({ kind: 'create' })}
        >
          New staff account
        </button>
      </div>
      {created && (
        <section
          aria-labelledby="staff-created"
          className="mb-6 rounded-xl border border-border-strong bg-surface p-4"
        >
          <h2 id="staff-created" className="font-semibold">
            {created.account.email} ({created.account.role}) is created
          </h2>
          <p className="mt-2 text-sm">
            Password, shown this once:{' '}
            <code data-testid="staff-created-password" className="rounded bg-surface-2 px-2 py-1">
              {created.password}
            </code>
          </p>
          <p className="mt-2 text-sm text-text-muted">
            Hand it over by a safe channel. At their first sign-in they enrol an authenticator app
            from a QR code and receive their recovery codes.
          </p>
          <button
            type="button"
            className={`${buttonClass('outline', 'sm')} mt-3`}
            onClick={() => setCreated(null)}
          >
            I have handed it over
          </button>
        </section>
      )}
      <p role="status" className="mb-4 text-sm text-success empty:hidden">
        {outcome}
      </p>
      <PagedTable
        query={query}
        columns={columns}
        rowKey={(a) => a.id}
        caption="Staff accounts, by email"
        emptyText="No staff account yet."
        onPage={(page) => setParams(withChanges(params, { page }))}
        sorting={{
          ...sorting,
          onSort: (column) =>
            setParams(
              withChanges(params, { ...nextSorting(sorting, column as typeof sorting.sort) }),
            ),
        }}
      />
      {dialog?.kind === 'create' && (
        <ConfirmDialog
          dialogKey="staff-create"
          title="New staff account"
          description="The server draws the password and shows it once. The account enrols two-factor at its first sign-in."
          confirmLabel="Create the account"
          fields={[
            { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'off' },
            {
              name: 'role',
              label: 'Role',
              type: 'select',
              required: true,
              options: ROLE_OPTIONS,
              placeholder: 'Choose a role',
            },
          ]}
          onClose={close}
          onConfirm={async (values) => {
            const result = await createStaffAccount({
              email: String(values.email),
              role: String(values.role) as StaffRole,
            });
            setOutcome('');
            setCreated(result);
          }}
        />
      )}
      {dialog?.kind === 'role' && (
        <ConfirmDialog
          dialogKey="staff-role"
          title={`Change the role of ${dialog.account.email}`}
          description={`Now ${dialog.account.role}. The new role applies at their next request.`}
          confirmLabel="Change the role"
          fields={[
            {
              name: 'role',
              label: 'New role',
              type: 'select',
              required: true,
              options: ROLE_OPTIONS.filter((o) => o.value !== dialog.account.role),
              placeholder: 'Choose a role',
            },
            REASON_FIELD,
          ]}
          onClose={close}
          onConfirm={async (values) => {
            const account = await changeStaffRole(dialog.account.id, {
              role: String(values.role) as StaffRole,
              reason: String(values.reason),
            });
            setOutcome(`${account.email} is ${account.role} now.`);
          }}
        />
      )}
      {dialog && dialog.kind !== 'create' && dialog.kind !== 'role' && (
        <ConfirmDialog
          dialogKey={`staff-${dialog.kind}`}
          title={`${ACTION_TEXTS[dialog.kind].title} ${dialog.account.email}?`}
          description={ACTION_TEXTS[dialog.kind].description}
          confirmLabel={ACTION_TEXTS[dialog.kind].confirm}
          fields={[REASON_FIELD]}
          onClose={close}
          onConfirm={async (values) => {
            const account = await changeStaffAccount(
              dialog.account.id,
              dialog.kind,
              String(values.reason),
            );
            setOutcome(`${account.email} ${ACTION_TEXTS[dialog.kind].done}.`);
          }}
        />
      )}
    </>
  );
}
