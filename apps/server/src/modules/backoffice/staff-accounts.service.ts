import { randomBytes } from 'node:crypto';
import type {
  AuditAction,
  StaffAccount,
  StaffAccountCreated,
  StaffAccountSort,
  StaffRole,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { StaffActor } from './staff-auth.service.ts';
import type { StaffRepo, StaffRow } from './staff.repo.ts';

export const toStaffAccount = (row: StaffRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  role: row.role,
  enrolled: row.totpSecret !== null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A drawn staff password: 144 random bits, URL-safe, shown once to whoever created the account. */
export const newStaffPassword = (): string => randomBytes(18).toString('base64url');

/** What an admin's change did to the account: before/after for the audit row. */
const auditState = (row: StaffRow) => ({
  role: row.role,
  disabled: row.disabledAt !== null,
  enrolled: row.totpSecret !== null,
});

/**
 * Staff accounts: created by an admin (audited), by `npm run staff:create` or by the demo's
 * seed (no actor: the command line is its own record). Each signs in and enrols TOTP itself.
 * An admin changes another account's role, disables or enables it and resets its two-factor
 * (each with a reason, audited with before and after); disabling and a reset end its sessions.
 */
const isEnabledAdmin = (row: Pick<StaffRow, 'role' | 'disabledAt'>) =>
  row.role === 'admin' && row.disabledAt === null;

export function createStaffAccountsService(deps: {
  db: Database;
  repo: StaffRepo;
  audit: Pick<AuditRepo, 'insert'>;
  passwords: Pick<PasswordHasher, 'hash'>;
  /** A changed account is announced: every node's cache of its sessions drops them. */
  sessionChanges: Pick<SessionChanges, 'publish'>;
  now?: () => Date;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * One change to another staff member's account, under its row lock, with its audit row. An
   * admin never changes their own account this way: a slip would lock them out, and a second
   * admin is the check on an admin. The enabled admins are locked first, together: two admins
   * demoting or disabling each other at once are queued, and the last enabled admin stays.
   */
  async function change(
    actor: StaffActor,
    id: string,
    action: AuditAction,
    reason: string,
    apply: (tx: Database, row: StaffRow, at: Date) => Promise<StaffRow | null>,
  ): Promise<StaffAccount> {
    let changed = false;
    const account = await db.transaction(async (tx) => {
      const admins = await repo.lockEnabledAdmins(tx);
      const row = await repo.lockById(tx, id);
      if (!row) throw AppError.notFound('Staff account');
      // The stored id: the path's may be the same uuid in capitals.
      if (row.id === actor.staffId) {
        throw new AppError('CONFLICT', 'Another admin changes your own account');
      }
      const at = now();
      const after = await apply(tx, row, at);
      if (!after) return toStaffAccount(row); // nothing to change: no audit row
      if (isEnabledAdmin(row) && !isEnabledAdmin(after) && admins.length <= 1) {
        throw new AppError('CONFLICT', 'This is the last enabled admin: make another admin first');
      }
      await deps.audit.insert(tx, {
        staffId: actor.staffId,
        action,
        targetType: 'staff',
        targetId: row.id,
        before: auditState(row),
        after: auditState(after),
        reason,
        requestId: actor.requestId,
        at,
      });
      changed = true;
      return toStaffAccount(after);
    });
    if (changed) await deps.sessionChanges.publish({ staffIds: [account.id] });
    return account;
  }

  const service = {
    async create(
      actor: StaffActor | null,
      input: { email: string; role: StaffRole; password: string },
    ): Promise<StaffAccount> {
      const passwordHash = await deps.passwords.hash(input.password);
      return db.transaction(async (tx) => {
        const row = await repo.insertStaff(tx, {
          email: input.email.trim().toLowerCase(),
          role: input.role,
          passwordHash,
        });
        if (!row) throw new AppError('EMAIL_TAKEN', 'A staff account has this email already');
        if (actor) {
          await deps.audit.insert(tx, {
            staffId: actor.staffId,
            action: 'staff.created',
            targetType: 'staff',
            targetId: row.id,
            after: { email: row.email, role: row.role },
            requestId: actor.requestId,
          });
        }
        return toStaffAccount(row);
      });
    },
    /** A new account with a drawn password (the admin screen and the command line). */
    async createWithNewPassword(
      actor: StaffActor | null,
      input: { email: string; role: StaffRole },
    ): Promise<StaffAccountCreated> {
      const password = newStaffPassword();
      const account = await service.create(actor, { ...input, password });
      return { account, password };
    },
    async findByEmail(email: string): Promise<StaffAccount | undefined> {
      const row = await repo.findByEmail(db, email.trim().toLowerCase());
      return row && toStaffAccount(row);
    },
    async list(query: {
      sort: StaffAccountSort;
      order: 'asc' | 'desc';
      page: number;
      perPage: number;
    }) {
      const { rows, total } = await repo.list(db, {
        sort: query.sort,
        order: query.order,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { data: rows.map(toStaffAccount), meta: pageMeta(query.page, query.perPage, total) };
    },

    changeRole: (actor: StaffActor, id: string, body: { role: StaffRole; reason: string }) =>
      change(actor, id, 'staff.role-changed', body.reason, async (tx, row, at) => {
        if (row.role === body.role) return null;
        await repo.update(tx, id, { role: body.role, updatedAt: at });
        return { ...row, role: body.role, updatedAt: at };
      }),

    /** Disabled: no sign-in, and every session ends now (the guard also refuses them). */
    disable: (actor: StaffActor, id: string, reason: string) =>
      change(actor, id, 'staff.disabled', reason, async (tx, row, at) => {
        if (row.disabledAt) return null;
        await repo.update(tx, id, { disabledAt: at, updatedAt: at });
        await repo.endAllSessions(tx, id, at);
        return { ...row, disabledAt: at, updatedAt: at };
      }),

    enable: (actor: StaffActor, id: string, reason: string) =>
      change(actor, id, 'staff.enabled', reason, async (tx, row, at) => {
        if (!row.disabledAt) return null;
        await repo.update(tx, id, { disabledAt: null, updatedAt: at });
        return { ...row, disabledAt: null, updatedAt: at };
      }),

    /**
     * A lost authenticator: the secret and the recovery codes go, the sessions end, and the next
     * sign-in (password first) enrols a new authenticator.
     */
    resetTwoFactor: (actor: StaffActor, id: string, reason: string) =>
      change(actor, id, 'staff.two-factor-reset', reason, async (tx, row, at) => {
        const cleared = { totpSecret: null, totpPendingSecret: null, totpLastStep: null };
        await repo.update(tx, id, { ...cleared, updatedAt: at });
        await repo.deleteRecoveryCodes(tx, id);
        await repo.endAllSessions(tx, id, at);
        return { ...row, ...cleared, updatedAt: at };
      }),
  };
  return service;
}
export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
