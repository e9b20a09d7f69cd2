import path from 'node:path';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@coinfall/shared';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createArgon2Hasher } from '../../platform/password-hasher.ts';
import { readOrCreateSecret } from '../../platform/persisted-secret.ts';
import { createLocalSessionChanges } from '../../platform/sessions/session-changes.ts';
import { createAuditRepo } from './audit.repo.ts';
import { createStaffAccountsService } from './staff-accounts.service.ts';
import { createStaffRepo } from './staff.repo.ts';

/**
 * `npm run staff:create -- --email ops@example.com --role admin`: creates a staff account on the
 * configured database (DATABASE_URL, else the embedded one under DATA_DIR) with a generated
 * password, printed once here. The first sign-in (/api/admin/session/*) enrols TOTP.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' } },
});
const role = values.role as StaffRole | undefined;
if (!values.email || !role || !STAFF_ROLES.includes(role)) {
  console.error(`usage: npm run staff:create -- --email <email> --role <${STAFF_ROLES.join('|')}>`);
  process.exit(64); // EX_USAGE
}

const config = loadConfig(process.env, { persistedSecret: readOrCreateSecret });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  const accounts = createStaffAccountsService({
    db: database.db,
    repo: createStaffRepo(),
    audit: createAuditRepo(),
    passwords: createArgon2Hasher(config.passwordHashCost),
    // Creating an account changes no session: nothing here is announced to running nodes.
    sessionChanges: createLocalSessionChanges(),
  });
  const { account, password } = await accounts.createWithNewPassword(null, {
    email: values.email,
    role,
  });
  console.log(
    [
      `Staff account ${account.email} (${account.role}) created.`,
      `  Password: ${password}`,
      `  Sign in with POST ${config.publicUrl}/api/admin/session/password, then /session/totp:`,
      '  the first sign-in enrols an authenticator app (TOTP) from the QR code it returns.',
    ].join('\n'),
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
