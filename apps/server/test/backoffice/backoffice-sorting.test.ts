import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PlayerStatus,
  adminBigDepositListSchema,
  adjustmentListSchema,
  adminKycDocumentListSchema,
  adminPlayerListSchema,
  adminRedemptionListSchema,
  InvoiceStatus,
  InvoiceType,
  auditListSchema,
  staffAccountListSchema,
} from '@coinfall/shared';
import {
  AdjustmentStatus,
  balanceAdjustments,
  bigDepositAlerts,
  invoices,
  playerDocuments,
  players,
  staffAudit,
} from '../../src/db/schema/index.ts';
import { failedFields } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/** Server-side sorting of the older back-office lists (issue 17): `?sort=` and `?order=`. */
describe('back office: sorted lists (issue 17)', () => {
  let t: TestApp;
  let staff: SignedInStaff;
  let other: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signedInStaff(t, 'admin');
    other = await signedInStaff(t, 'admin');
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: staff.headers });

  describe('player search', () => {
    // One prefix only these players share; registered in an order none of the sorts follows.
    const tag = `s${randomUUID().slice(0, 8)}`;
    const seeded = [
      { email: `${tag}.c@example.com`, nickname: 'bravo', status: PlayerStatus.Active, ago: 3 },
      { email: `${tag}.a@example.com`, nickname: 'delta', status: PlayerStatus.Blocked, ago: 1 },
      { email: `${tag}.d@example.com`, nickname: 'alpha', status: PlayerStatus.Limited, ago: 2 },
      { email: `${tag}.b@example.com`, nickname: 'charlie', status: PlayerStatus.Active, ago: 4 },
    ];
    beforeAll(async () => {
      const now = Date.now();
      await t.database.db.insert(players).values(
        seeded.map((p) => ({
          email: p.email,
          passwordHash: 'x',
          nickname: p.nickname,
          status: p.status,
          createdAt: new Date(now - p.ago * 60_000),
        })),
      );
    });
    const emails = async (query: string) => {
      const res = await get(`/api/admin/players?q=${tag}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return adminPlayerListSchema
        .parse(res.json())
        .data.map((p) => p.email.slice(tag.length + 1, tag.length + 2));
    };

    it('sorts by each column both ways, newest first by default', async () => {
      expect(await emails('')).toEqual(['a', 'd', 'c', 'b']);
      expect(await emails('sort=createdAt&order=asc')).toEqual(['b', 'c', 'd', 'a']);
      expect(await emails('sort=email&order=asc')).toEqual(['a', 'b', 'c', 'd']);
      expect(await emails('sort=email')).toEqual(['d', 'c', 'b', 'a']);
      expect(await emails('sort=nickname&order=asc')).toEqual(['d', 'c', 'b', 'a']);
    });

    it('breaks ties by id, so pages of a sort never overlap', async () => {
      const all = await emails('sort=status&order=asc');
      // Active (1) twice, then limited (2), then blocked (3).
      expect(all.slice(2)).toEqual(['d', 'a']);
      expect(all.slice(0, 2).sort()).toEqual(['b', 'c']);
      const paged = [];
      for (const page of [1, 2, 3, 4])
        paged.push(...(await emails(`sort=status&order=asc&perPage=1&page=${page}`)));
      expect(paged).toEqual(all);
    });

    it('refuses an unknown column or direction, naming the field', async () => {
      const column = await get('/api/admin/players?sort=passwordHash');
      expect(column.statusCode).toBe(400);
      expect(failedFields(column)).toContain('query.sort');
      const order = await get('/api/admin/players?sort=email&order=up');
      expect(order.statusCode).toBe(400);
      expect(failedFields(order)).toContain('query.order');
    });
  });

  describe('big-deposit alerts', () => {
    // One player's alerts (the list filters by player), totals in an order the times do not follow.
    let playerId = '';
    const seeded = [
      { total: 30_000, ago: 3 },
      { total: 90_000, ago: 2 },
      { total: 50_000, ago: 1 },
    ];
    beforeAll(async () => {
      const db = t.database.db;
      const [player] = await db
        .insert(players)
        .values({ email: `bd-${randomUUID()}@example.com`, passwordHash: 'x' })
        .returning({ id: players.id });
      playerId = player!.id;
      const now = Date.now();
      for (const row of seeded) {
        const [invoice] = await db
          .insert(invoices)
          .values({
            playerId,
            type: 3,
            amount: row.total,
            currency: 'USD',
            amountBase: row.total,
            provider: 'test',
          })
          .returning({ id: invoices.id });
        await db.insert(bigDepositAlerts).values({
          playerId,
          invoiceId: invoice!.id,
          totalBase: row.total,
          delivery: 'sent',
          createdAt: new Date(now - row.ago * 60_000),
        });
      }
    });
    const totals = async (query: string) => {
      const res = await get(`/api/admin/big-deposits?playerId=${playerId}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return adminBigDepositListSchema.parse(res.json()).data.map((d) => d.totalBase);
    };

    it('sorts by time (newest first by default) or by the 24 h total, both ways', async () => {
      expect(await totals('')).toEqual([50_000, 90_000, 30_000]);
      expect(await totals('sort=createdAt&order=asc')).toEqual([30_000, 90_000, 50_000]);
      expect(await totals('sort=totalBase')).toEqual([90_000, 50_000, 30_000]);
      expect(await totals('sort=totalBase&order=asc')).toEqual([30_000, 50_000, 90_000]);
    });

    it('refuses an unknown sort, naming the field', async () => {
      const res = await get('/api/admin/big-deposits?sort=amount');
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toContain('query.sort');
    });
  });

  describe('audit log', () => {
    // Entries on one target: actions, staff and times each in a different order.
    const targetId = `sort-${randomUUID()}`;
    beforeAll(async () => {
      const now = Date.now();
      const entry = (
        action: 'player.blocked' | 'player.unblocked' | 'adjustment.requested',
        by: string,
        ago: number,
      ) => ({
        action,
        staffId: by,
        targetType: 'player',
        targetId,
        reason: action,
        at: new Date(now - ago * 60_000),
      });
      await t.database.db
        .insert(staffAudit)
        .values([
          entry('player.unblocked', staff.id, 2),
          entry('adjustment.requested', other.id, 3),
          entry('player.blocked', staff.id, 1),
        ]);
    });
    const actions = async (query: string) => {
      const res = await get(`/api/admin/audit?targetId=${targetId}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return auditListSchema.parse(res.json()).data.map((e) => e.action);
    };

    it('sorts by time (newest first by default), action or staff member', async () => {
      expect(await actions('')).toEqual([
        'player.blocked',
        'player.unblocked',
        'adjustment.requested',
      ]);
      expect(await actions('sort=at&order=asc')).toEqual([
        'adjustment.requested',
        'player.unblocked',
        'player.blocked',
      ]);
      expect(await actions('sort=action&order=asc')).toEqual([
        'adjustment.requested',
        'player.blocked',
        'player.unblocked',
      ]);
      const byStaff = await actions('sort=staff&order=asc');
      const otherFirst = other.email < staff.email;
      expect(byStaff.indexOf('adjustment.requested')).toBe(otherFirst ? 0 : 2);
    });

    it('refuses an unknown sort, naming the field', async () => {
      const res = await get('/api/admin/audit?sort=before');
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toContain('query.sort');
    });
  });

  describe('adjustments awaiting approval', () => {
    let playerId = '';
    beforeAll(async () => {
      const db = t.database.db;
      const [player] = await db
        .insert(players)
        .values({ email: `adj-${randomUUID()}@example.com`, passwordHash: 'x' })
        .returning({ id: players.id });
      playerId = player!.id;
      const now = Date.now();
      await db.insert(balanceAdjustments).values(
        [
          { amount: 500, ago: 1 },
          { amount: -9_000, ago: 2 },
          { amount: 20_000, ago: 3 },
        ].map((a) => ({
          playerId,
          currency: 'SC',
          amount: a.amount,
          reason: 'sorting test',
          status: AdjustmentStatus.Pending,
          requestedBy: staff.id,
          requestKey: randomUUID(),
          requestedAt: new Date(now - a.ago * 60_000),
        })),
      );
    });
    const amounts = async (query: string) => {
      const res = await get(`/api/admin/adjustments?status=pending&perPage=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return adjustmentListSchema
        .parse(res.json())
        .data.filter((a) => a.playerId === playerId)
        .map((a) => a.amount);
    };

    it('sorts by request time (newest first by default) or amount, both ways', async () => {
      expect(await amounts('')).toEqual([500, -9_000, 20_000]);
      expect(await amounts('sort=requestedAt&order=asc')).toEqual([20_000, -9_000, 500]);
      expect(await amounts('sort=amount')).toEqual([20_000, 500, -9_000]);
      expect(await amounts('sort=amount&order=asc')).toEqual([-9_000, 500, 20_000]);
    });

    it('refuses an unknown sort, naming the field', async () => {
      const res = await get('/api/admin/adjustments?sort=reason');
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toContain('query.sort');
    });
  });

  describe('redemptions queue', () => {
    let playerId = '';
    beforeAll(async () => {
      const db = t.database.db;
      const [player] = await db
        .insert(players)
        .values({ email: `rd-${randomUUID()}@example.com`, passwordHash: 'x' })
        .returning({ id: players.id });
      playerId = player!.id;
      const now = Date.now();
      await db.insert(invoices).values(
        [
          { amount: 700, ago: 1 },
          { amount: 100, ago: 2 },
          { amount: 2_500, ago: 3 },
        ].map((r) => ({
          playerId,
          type: InvoiceType.VirtualPayout,
          status: InvoiceStatus.Pending,
          amount: r.amount,
          currency: 'SC',
          amountBase: r.amount,
          provider: 'test',
          createdAt: new Date(now - r.ago * 60_000),
        })),
      );
    });
    const amounts = async (query: string) => {
      const res = await get(`/api/admin/redemptions?perPage=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return adminRedemptionListSchema
        .parse(res.json())
        .data.filter((r) => r.playerId === playerId)
        .map((r) => r.amount);
    };

    it('is worked oldest first by default, and sorts by time or amount both ways', async () => {
      expect(await amounts('')).toEqual([2_500, 100, 700]);
      expect(await amounts('sort=createdAt&order=desc')).toEqual([700, 100, 2_500]);
      expect(await amounts('sort=amount&order=asc')).toEqual([100, 700, 2_500]);
      expect(await amounts('sort=amount&order=desc')).toEqual([2_500, 700, 100]);
    });

    it('refuses an unknown sort, naming the field', async () => {
      const res = await get('/api/admin/redemptions?sort=risk');
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toContain('query.sort');
    });
  });

  describe('KYC queue', () => {
    // Three players (countries) with a pending document each; the ids tell them apart.
    const mine = new Set<string>();
    beforeAll(async () => {
      const db = t.database.db;
      const now = Date.now();
      for (const d of [
        { type: 'selfie', country: 'DE', ago: 1 },
        { type: 'address', country: 'US', ago: 2 },
        { type: 'id', country: 'CA', ago: 3 },
      ] as const) {
        const [player] = await db
          .insert(players)
          .values({
            email: `kyc-${randomUUID()}@example.com`,
            passwordHash: 'x',
            country: d.country,
          })
          .returning({ id: players.id });
        const [doc] = await db
          .insert(playerDocuments)
          .values({
            playerId: player!.id,
            type: d.type,
            mime: 'image/png',
            size: 1,
            sha256: randomUUID(),
            storageKey: randomUUID(),
            createdAt: new Date(now - d.ago * 60_000),
          })
          .returning({ id: playerDocuments.id });
        mine.add(doc!.id);
      }
    });
    const types = async (query: string) => {
      const res = await get(`/api/admin/kyc/documents?perPage=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return adminKycDocumentListSchema
        .parse(res.json())
        .data.filter((d) => mine.has(d.id))
        .map((d) => d.type);
    };

    it('is worked oldest first by default, and sorts by time, type or country', async () => {
      expect(await types('')).toEqual(['id', 'address', 'selfie']);
      expect(await types('sort=createdAt&order=desc')).toEqual(['selfie', 'address', 'id']);
      expect(await types('sort=type')).toEqual(['address', 'id', 'selfie']);
      expect(await types('sort=type&order=desc')).toEqual(['selfie', 'id', 'address']);
      // CA, DE, US
      expect(await types('sort=country')).toEqual(['id', 'selfie', 'address']);
    });

    it('refuses an unknown sort, naming the field', async () => {
      const res = await get('/api/admin/kyc/documents?sort=sha256');
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toContain('query.sort');
    });
  });

  describe('staff accounts', () => {
    let support: SignedInStaff;
    beforeAll(async () => {
      support = await signedInStaff(t, 'support');
    });
    const ids = async (query: string) => {
      const res = await get(`/api/admin/staff?perPage=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const mine = new Set([staff.id, other.id, support.id]);
      return staffAccountListSchema
        .parse(res.json())
        .data.filter((a) => mine.has(a.id))
        .map((a) => a.id);
    };

    it('lists by email A to Z by default, and sorts by email, role or creation', async () => {
      const byEmail = [staff, other, support]
        .sort((a, b) => (a.email < b.email ? -1 : 1))
        .map((s) => s.id);
      expect(await ids('')).toEqual(byEmail);
      expect(await ids('sort=email&order=desc')).toEqual([...byEmail].reverse());
      // Created one after another: staff, other, support.
      expect(await ids('sort=createdAt&order=desc')).toEqual([support.id, other.id, staff.id]);
      const byRole = await ids('sort=role&order=desc');
      expect(byRole[0]).toBe(support.id);
    });

    it('refuses an unknown sort, naming the field', async () => {
      const res = await get('/api/admin/staff?sort=totpSecret');
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toContain('query.sort');
    });
  });
});
