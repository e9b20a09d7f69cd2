import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import {
  adminLoyaltyLadderSchema,
  auditListSchema,
  retentionAccountSchema,
} from '@coinfall/shared';
import { bearer } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/**
 * The loyalty ladder's back-office desk shared by its test files: one app, a marketing member
 * who edits, an admin who reads the audit, and the calls every loyalty test makes. Call it at
 * the top of a describe block: it registers the app's start and close there.
 */
export function useLoyaltyDesk() {
  let t: TestApp | undefined;
  let marketing: SignedInStaff | undefined;
  let admin: SignedInStaff | undefined;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
    marketing = await signedInStaff(t, 'marketing');
    admin = await signedInStaff(t, 'admin');
  });
  afterAll(async () => t?.close());

  const started = () => {
    if (!t || !marketing || !admin) throw new Error('the loyalty desk is used before beforeAll');
    return { t, marketing, admin };
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const { t, marketing } = started();
    return t.app.inject({
      method,
      url,
      headers: marketing.headers,
      ...(payload ? { payload } : {}),
    });
  };

  return {
    get t() {
      return started().t;
    },
    get marketing() {
      return started().marketing;
    },
    call,
    ladder: async () =>
      adminLoyaltyLadderSchema.parse((await call('GET', '/api/admin/loyalty/ladder')).json()).data,
    /** The player's loyalty standing as the site reads it. */
    account: async (token: string) => {
      const res = await started().t.app.inject({
        method: 'GET',
        url: '/api/retention/account',
        headers: bearer(token),
      });
      return retentionAccountSchema.parse(res.json());
    },
    /** Points through the loyalty service's own door (what a quest reward uses). */
    givePoints: (playerId: string, points: number) => {
      const { t } = started();
      return t.database.db.transaction((tx) =>
        t.app.loyalty.awardLoyaltyPoints(tx, playerId, points, `test:${randomUUID()}`),
      );
    },
    /** The audit entries of one target, as the admin searches them. */
    auditOf: async (targetType: string, targetId: number) => {
      const { t, admin } = started();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit?targetId=${targetId}&perPage=100`,
        headers: admin.headers,
      });
      return auditListSchema.parse(res.json()).data.filter((e) => e.targetType === targetType);
    },
  };
}
