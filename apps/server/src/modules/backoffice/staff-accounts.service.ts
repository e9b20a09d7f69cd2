import type { StaffAccount, StaffRole } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
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

/**
 * Staff accounts: created by an admin (audited), by `npm run staff:create` or by the demo's
 * seed (no actor: the command line is its own record). Each signs in and enrols TOTP itself.
 */
export function createStaffAccountsService(deps: {
  db: Database;
  repo: StaffRepo;
  audit: Pick<AuditRepo, 'insert'>;
  passwords: Pick<PasswordHasher, 'hash'>;
}) {
  const { db, repo } = deps;
  return {
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
    async findByEmail(email: string): Promise<StaffAccount | undefined> {
      const row = await repo.findByEmail(db, email.trim().toLowerCase());
      return row && toStaffAccount(row);
    },
    async list(query: { page: number; perPage: number }) {
      const { rows, total } = await repo.list(db, {
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { data: rows.map(toStaffAccount), meta: pageMeta(query.page, query.perPage, total) };
    },
  };
}
export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
