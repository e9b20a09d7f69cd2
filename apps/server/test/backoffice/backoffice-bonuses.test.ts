import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BonusCodeStatus,
  BonusCodeTrigger,
  adminBonusCodeListSchema,
  adminBonusCodeSchema,
  adminBonusDefinitionListSchema,
  adminBonusDefinitionSchema,
  auditListSchema,
} from '@coinfall/shared';
import { errorOf, failedFields } from '../player/player-fixtures.ts';
import { balanceOf, claimCode, newPlayer } from '../bonus/bonus-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorCode, signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

const CONTRIBUTIONS = { slot: 100, original: 100, table: 20 };
const REASON = 'Spring campaign';

/** A valid definition body: 1,000 GC played through once, given on a code. */
const definitionBody = (slug = `spring-${randomUUID().slice(0, 8)}`) => ({
  slug,
  kind: 'code',
  rewards: [{ currency: 'GC', amount: 100_000 }],
  freeSpins: null,
  wageringTenths: 10,
  contributions: CONTRIBUTIONS,
  maxBet: {},
  activation: 'auto',
  activateWithinHours: 168,
  completeWithinHours: 168,
  claimFrom: null,
  claimUntil: null,
  eligibility: {},
  claimCap: null,
  reason: REASON,
});

describe('back office: bonus definitions and codes (issue 17, decision 042)', () => {
  let t: TestApp;
  let marketing: SignedInStaff;
  let admin: SignedInStaff;
  let support: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
    marketing = await signedInStaff(t, 'marketing');
    admin = await signedInStaff(t, 'admin');
    support = await signedInStaff(t, 'support');
  });
  afterAll(async () => t?.close());

  const call = (
    staff: SignedInStaff,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });

  async function createDefinition(body: object = definitionBody()) {
    const res = await call(marketing, 'POST', '/api/admin/bonus-definitions', body);
    expect(res.statusCode, res.body).toBe(201);
    return adminBonusDefinitionSchema.parse(res.json());
  }
  async function createCode(bonusId: number, extra: object = {}) {
    const code = `SPRING${randomUUID().slice(0, 6)}`;
    const res = await call(marketing, 'POST', '/api/admin/bonus-codes', {
      code,
      bonusId,
      trigger: BonusCodeTrigger.Instant,
      claimCap: 5,
      startsAt: null,
      expiresAt: null,
      eligibility: {},
      reason: REASON,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return adminBonusCodeSchema.parse(res.json());
  }
  /** The audit rows of one definition or code, newest first. */
  const auditOf = async (targetType: 'bonus-definition' | 'bonus-code', targetId: number) => {
    const res = await call(admin, 'GET', `/api/admin/audit?targetId=${targetId}&perPage=100`);
    return auditListSchema.parse(res.json()).data.filter((e) => e.targetType === targetType);
  };

  it('creates a definition and a code that a player redeems right away', async () => {
    const def = await createDefinition();
    expect(def).toMatchObject({ kind: 'code', claims: 0, enabled: true });
    const code = await createCode(def.id);
    expect(code).toMatchObject({ bonusSlug: def.slug, claims: 0, redemptions: 0, claimCap: 5 });

    const { token, playerId } = await newPlayer(t);
    const claimed = await claimCode(t, token, code.code, BonusCodeTrigger.Instant);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(100_000);

    const list = await call(marketing, 'GET', `/api/admin/bonus-codes?q=${code.code}`);
    expect(adminBonusCodeListSchema.parse(list.json()).data).toEqual([
      expect.objectContaining({ code: code.code, claims: 1, redemptions: 1 }),
    ]);

    const [created] = await auditOf('bonus-code', code.id);
    expect(created).toMatchObject({
      action: 'bonus.code-created',
      staffId: marketing.id,
      reason: REASON,
      before: null,
      after: <unknown>expect.objectContaining({ code: code.code }),
    });
  });

  it('applies an edited definition to the next player, and a deactivated code to no one', async () => {
    const def = await createDefinition();
    const code = await createCode(def.id);
    const edit = await call(marketing, 'PUT', `/api/admin/bonus-definitions/${def.id}`, {
      ...definitionBody(),
      slug: undefined,
      rewards: [{ currency: 'GC', amount: 250_000 }],
      reason: 'Bigger reward',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(adminBonusDefinitionSchema.parse(edit.json()).slug).toBe(def.slug);

    const first = await newPlayer(t);
    expect((await claimCode(t, first.token, code.code, BonusCodeTrigger.Instant)).statusCode).toBe(
      200,
    );
    expect(await balanceOf(t, first.playerId, 'GC', 'bonus')).toBe(250_000);

    const off = await call(admin, 'POST', `/api/admin/bonus-codes/${code.id}/status`, {
      enabled: false,
      reason: 'Leaked on a forum',
    });
    expect(off.statusCode, off.body).toBe(200);
    const second = await newPlayer(t);
    const refused = await claimCode(t, second.token, code.code, BonusCodeTrigger.Instant);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).details).toMatchObject({
      bonusCodeStatus: BonusCodeStatus.NotAvailable,
    });

    const [defEdit] = await auditOf('bonus-definition', def.id);
    expect(defEdit).toMatchObject({
      action: 'bonus.definition-updated',
      reason: 'Bigger reward',
      before: <unknown>expect.objectContaining({ rewards: [{ currency: 'GC', amount: 100_000 }] }),
      after: <unknown>expect.objectContaining({ rewards: [{ currency: 'GC', amount: 250_000 }] }),
    });
    const [codeOff] = await auditOf('bonus-code', code.id);
    expect(codeOff).toMatchObject({
      action: 'bonus.code-updated',
      staffId: admin.id,
      before: { enabled: true },
      after: { enabled: false },
      reason: 'Leaked on a forum',
    });
  });

  it('extends a used-up code’s cap so the next player gets it', async () => {
    const def = await createDefinition();
    const code = await createCode(def.id, { claimCap: 1 });
    const a = await newPlayer(t);
    expect((await claimCode(t, a.token, code.code, BonusCodeTrigger.Instant)).statusCode).toBe(200);
    const b = await newPlayer(t);
    expect((await claimCode(t, b.token, code.code, BonusCodeTrigger.Instant)).statusCode).toBe(409);

    const lower = await call(marketing, 'PUT', `/api/admin/bonus-codes/${code.id}`, {
      claimCap: 1,
      startsAt: null,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      eligibility: {},
      reason: 'Second wave',
    });
    expect(lower.statusCode, lower.body).toBe(200);
    const raise = await call(marketing, 'PUT', `/api/admin/bonus-codes/${code.id}`, {
      claimCap: 2,
      startsAt: null,
      expiresAt: null,
      eligibility: {},
      reason: 'Second wave',
    });
    expect(raise.statusCode, raise.body).toBe(200);
    expect((await claimCode(t, b.token, code.code, BonusCodeTrigger.Instant)).statusCode).toBe(200);
  });

  it('refuses an invalid definition or code naming the field, and changes nothing', async () => {
    const cases: [string, object, string][] = [
      ['/api/admin/bonus-definitions', { ...definitionBody(), reason: '' }, 'body.reason'],
      ['/api/admin/bonus-definitions', { ...definitionBody(), slug: 'Not A Slug' }, 'body.slug'],
      [
        '/api/admin/bonus-definitions',
        { ...definitionBody(), rewards: [{ currency: 'GC', amount: -5 }] },
        'body.rewards.0.amount',
      ],
      [
        '/api/admin/bonus-definitions',
        { ...definitionBody(), contributions: { ...CONTRIBUTIONS, slot: 150 } },
        'body.contributions.slot',
      ],
      ['/api/admin/bonus-definitions', { ...definitionBody(), rewards: [] }, 'body.rewards'],
      [
        '/api/admin/bonus-definitions',
        {
          ...definitionBody(),
          freeSpins: {
            gameIdentity: 'no-such-slot',
            count: 5,
            currency: 'GC',
            bet: 100,
            payout: 'cash',
          },
        },
        'body.freeSpins.gameIdentity',
      ],
      [
        '/api/admin/bonus-definitions',
        {
          ...definitionBody(),
          claimFrom: '2027-02-01T00:00:00.000Z',
          claimUntil: '2027-01-01T00:00:00.000Z',
        },
        'body.claimUntil',
      ],
      [
        '/api/admin/bonus-codes',
        {
          code: 'has space',
          bonusId: 1,
          trigger: 3,
          claimCap: null,
          startsAt: null,
          expiresAt: null,
          eligibility: {},
          reason: REASON,
        },
        'body.code',
      ],
      [
        '/api/admin/bonus-codes',
        {
          code: `NOPE${randomUUID().slice(0, 6)}`,
          bonusId: 2_000_000_000,
          trigger: 3,
          claimCap: null,
          startsAt: null,
          expiresAt: null,
          eligibility: {},
          reason: REASON,
        },
        'body.bonusId',
      ],
      [
        '/api/admin/bonus-codes',
        {
          code: `NOPE${randomUUID().slice(0, 6)}`,
          bonusId: 1,
          trigger: 9,
          claimCap: null,
          startsAt: null,
          expiresAt: null,
          eligibility: {},
          reason: REASON,
        },
        'body.trigger',
      ],
    ];
    const before = adminBonusDefinitionListSchema.parse(
      (await call(marketing, 'GET', '/api/admin/bonus-definitions')).json(),
    ).meta.totalRows;
    for (const [url, body, field] of cases) {
      const res = await call(marketing, 'POST', url, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(failedFields(res), res.body).toContain(field);
    }
    const after = adminBonusDefinitionListSchema.parse(
      (await call(marketing, 'GET', '/api/admin/bonus-definitions')).json(),
    ).meta.totalRows;
    expect(after).toBe(before);

    const taken = await call(marketing, 'POST', '/api/admin/bonus-definitions', {
      ...definitionBody('welcome'),
    });
    expect(taken.statusCode).toBe(409);
    expect(failedFields(taken)).toContain('body.slug');
  });

  it('refuses a cap below the claims given, naming body.claimCap', async () => {
    const def = await createDefinition();
    const code = await createCode(def.id, { claimCap: 3 });
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    for (const p of [a, b]) {
      expect((await claimCode(t, p.token, code.code, BonusCodeTrigger.Instant)).statusCode).toBe(
        200,
      );
    }
    const res = await call(marketing, 'PUT', `/api/admin/bonus-codes/${code.id}`, {
      claimCap: 1,
      startsAt: null,
      expiresAt: null,
      eligibility: {},
      reason: REASON,
    });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.claimCap']);
  });

  it('sorts and filters on the server, with a whitelisted sort', async () => {
    const def = await createDefinition();
    const codes = [await createCode(def.id), await createCode(def.id), await createCode(def.id)];
    const p = await newPlayer(t);
    await claimCode(t, p.token, codes[1]!.code, BonusCodeTrigger.Instant);

    const byRedemptions = adminBonusCodeListSchema.parse(
      (
        await call(
          marketing,
          'GET',
          `/api/admin/bonus-codes?bonusId=${def.id}&sort=redemptions&order=desc`,
        )
      ).json(),
    );
    expect(byRedemptions.data.map((c) => c.code)[0]).toBe(codes[1]!.code);
    const byCode = adminBonusCodeListSchema.parse(
      (
        await call(marketing, 'GET', `/api/admin/bonus-codes?bonusId=${def.id}&sort=code&order=asc`)
      ).json(),
    );
    expect(byCode.data.map((c) => c.code)).toEqual(codes.map((c) => c.code).sort());
    expect(byCode.meta.totalRows).toBe(3);

    const bySlug = adminBonusDefinitionListSchema.parse(
      (
        await call(marketing, 'GET', '/api/admin/bonus-definitions?sort=slug&order=asc&perPage=100')
      ).json(),
    );
    const slugs = bySlug.data.map((d) => d.slug);
    expect(slugs).toEqual([...slugs].sort());
    const bad = await call(marketing, 'GET', '/api/admin/bonus-definitions?sort=rewards');
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toContain('query.sort');
  });

  it('keeps support out (403), deactivates a definition for the next grant', async () => {
    const refused = await call(support, 'GET', '/api/admin/bonus-definitions');
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused.body)).toBe('FORBIDDEN');

    const def = await createDefinition();
    const code = await createCode(def.id);
    const off = await call(marketing, 'POST', `/api/admin/bonus-definitions/${def.id}/status`, {
      enabled: false,
      reason: 'Campaign over',
    });
    expect(adminBonusDefinitionSchema.parse(off.json()).enabled).toBe(false);
    const p = await newPlayer(t);
    expect((await claimCode(t, p.token, code.code, BonusCodeTrigger.Instant)).statusCode).toBe(409);
    const filtered = adminBonusDefinitionListSchema.parse(
      (
        await call(marketing, 'GET', `/api/admin/bonus-definitions?q=${def.slug}&enabled=false`)
      ).json(),
    );
    expect(filtered.data.map((d) => d.id)).toEqual([def.id]);
  });

  it('switches definitions and codes on one contract: reason, 404, flag-only audit', async () => {
    const def = await createDefinition();
    const code = await createCode(def.id);
    for (const url of [
      `/api/admin/bonus-definitions/${def.id}/status`,
      `/api/admin/bonus-codes/${code.id}/status`,
    ]) {
      const refused = await call(support, 'POST', url, { enabled: false, reason: REASON });
      expect(refused.statusCode, url).toBe(403);
      const noReason = await call(marketing, 'POST', url, { enabled: false });
      expect(noReason.statusCode, url).toBe(400);
      expect(failedFields(noReason), url).toContain('body.reason');
      const noFlag = await call(marketing, 'POST', url, { enabled: 'no', reason: REASON });
      expect(failedFields(noFlag), url).toContain('body.enabled');
    }
    for (const [url, message] of [
      ['/api/admin/bonus-definitions/2000000000/status', 'Bonus definition not found'],
      ['/api/admin/bonus-codes/2000000000/status', 'Bonus code not found'],
    ] as const) {
      const missing = await call(marketing, 'POST', url, { enabled: false, reason: REASON });
      expect(missing.statusCode, url).toBe(404);
      expect(errorOf(missing)).toMatchObject({ code: 'NOT_FOUND', message });
    }

    const defOff = await call(marketing, 'POST', `/api/admin/bonus-definitions/${def.id}/status`, {
      enabled: false,
      reason: 'Paused',
    });
    expect(adminBonusDefinitionSchema.parse(defOff.json())).toMatchObject({
      id: def.id,
      slug: def.slug,
      enabled: false,
    });
    const codeOff = await call(marketing, 'POST', `/api/admin/bonus-codes/${code.id}/status`, {
      enabled: false,
      reason: 'Paused',
    });
    expect(adminBonusCodeSchema.parse(codeOff.json())).toMatchObject({
      id: code.id,
      enabled: false,
    });
    for (const url of [
      `/api/admin/bonus-definitions/${def.id}/status`,
      `/api/admin/bonus-codes/${code.id}/status`,
    ]) {
      const on = await call(marketing, 'POST', url, { enabled: true, reason: 'Back on' });
      expect(on.statusCode, url).toBe(200);
      expect(on.json<{ enabled: boolean }>().enabled, url).toBe(true);
    }
    const p = await newPlayer(t);
    expect((await claimCode(t, p.token, code.code, BonusCodeTrigger.Instant)).statusCode).toBe(200);

    for (const [type, id, action] of [
      ['bonus-definition', def.id, 'bonus.definition-updated'],
      ['bonus-code', code.id, 'bonus.code-updated'],
    ] as const) {
      const [on, off] = await auditOf(type, id);
      expect(on).toMatchObject({
        action,
        staffId: marketing.id,
        before: { enabled: false },
        after: { enabled: true },
        reason: 'Back on',
      });
      expect(off).toMatchObject({
        action,
        before: { enabled: true },
        after: { enabled: false },
        reason: 'Paused',
      });
      // Nothing else was written: the refused calls above left no row.
      expect((await auditOf(type, id)).length).toBe(3);
    }
  });
});
