import path from 'node:path';
import type { StaffAccountsService } from './staff-accounts.service.ts';

export const DEMO_ADMIN_EMAIL = 'admin@coinfall.local';

/**
 * The embedded demo's first admin (npm start): created once, its password generated and kept in
 * DATA_DIR/secrets/demo-admin-password like the sandbox operator token, and printed at each
 * start — to the console, never through the logger. TOTP is enrolled at the first sign-in.
 */
export async function seedDemoAdmin(deps: {
  accounts: Pick<StaffAccountsService, 'create' | 'findByEmail'>;
  dataDir: string;
  publicUrl: string;
  password: string;
}): Promise<void> {
  const existing = await deps.accounts.findByEmail(DEMO_ADMIN_EMAIL);
  if (!existing) {
    await deps.accounts
      .create(null, { email: DEMO_ADMIN_EMAIL, role: 'admin', password: deps.password })
      .catch((err: unknown) => {
        // Another node of the same demo won the race: its account stands.
        if (!(err instanceof Error && 'code' in err && err.code === 'EMAIL_TAKEN')) throw err;
      });
  }
  console.log(
    [
      '',
      `Back office API: ${deps.publicUrl}/api/admin (reference: ${deps.publicUrl}/api/docs, tag admin)`,
      `  email ${DEMO_ADMIN_EMAIL}, password ${deps.password}`,
      `  (kept in ${path.join(deps.dataDir, 'secrets', 'demo-admin-password')})`,
      existing?.enrolled
        ? '  (TOTP enrolled: use your authenticator app or a recovery code)'
        : '  and enrol an authenticator app (TOTP) at the first sign-in',
      '',
    ].join('\n'),
  );
}
