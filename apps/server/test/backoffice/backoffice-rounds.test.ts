import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BetStatus,
  adminBigWinListSchema,
  adminRoundDetailSchema,
  adminRoundListSchema,
  auditListSchema,
} from '@coinfall/shared';
import { createBigWinAlertsRepo } from '../../src/modules/rgs/big-win-alerts.repo.ts';
import { bearer, failedFields } from '../player/player-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorCode, signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

describe('back office: game rounds (issue 17)', () => {
  let t: TestApp;
  let f: ReturnType<typeof rgsFixtures>;
  let support: SignedInStaff;
  let finance: SignedInStaff;
  let marketing: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp();
    f = rgsFixtures(t);
    support = await signedInStaff(t, 'support');
    finance = await signedInStaff(t, 'finance');
    marketing = await signedInStaff(t, 'marketing');
  });
  afterAll(async () => t?.close());

  const call = (
    staff: SignedInStaff | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: staff?.headers ?? {}, ...(payload ? { payload } : {}) });
  const search = async (staff: SignedInStaff, query: string) => {
    const res = await call(staff, 'GET', `/api/admin/rounds?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminRoundListSchema.parse(res.json());
  };

  it('searches rounds by player, game, status and dates, sorted and paged on the server', async () => {
    const p = await f.scPlayer(50_000);
    const dice = await f.launch(p, 'dice');
    const settled = [];
    for (const bet of [500, 1_000, 2_000]) {
      settled.push((await f.start(dice, { bet, params: { target: 50 } })).round);
    }
    const mines = await f.launch(p, 'mines');
    const open = (await f.start(mines, { bet: 1_000, params: { mines: 3 } })).round;

    const mine = await search(finance, `playerId=${p.playerId}&perPage=100`);
    expect(mine.meta.totalRows).toBe(4);
    // Newest first by default.
    expect(mine.data[0]!.id).toBe(open.id);
    expect(mine.data[0]).toMatchObject({ playerId: p.playerId, game: 'mines', currency: 'SC' });

    const byBet = await search(finance, `playerId=${p.playerId}&game=dice&sort=bet&order=asc`);
    expect(byBet.data.map((r) => r.bet)).toEqual([500, 1_000, 2_000]);
    const page2 = await search(
      finance,
      `playerId=${p.playerId}&game=dice&sort=bet&perPage=2&page=2`,
    );
    expect(page2.data.map((r) => r.bet)).toEqual([500]);
    expect(page2.meta).toMatchObject({ totalRows: 3, totalPages: 2 });

    const openOnly = await search(support, `playerId=${p.playerId}&status=${BetStatus.Open}`);
    expect(openOnly.data.map((r) => r.id)).toEqual([open.id]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await search(support, `playerId=${p.playerId}&from=${future}`)).data).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      (await search(support, `playerId=${p.playerId}&from=${past}&to=${future}`)).meta.totalRows,
    ).toBe(4);

    const bad = await call(support, 'GET', `/api/admin/rounds?status=9&sort=luck&playerId=nope`);
    expect(failedFields(bad).sort()).toEqual(['query.playerId', 'query.sort', 'query.status']);
    expect(
      failedFields(await call(support, 'GET', `/api/admin/rounds?from=${future}&to=${past}`)),
    ).toEqual(['query.to']);
    expect(
      failedFields(await call(support, 'GET', '/api/admin/rounds?from=0000-01-01T00:00:00Z')),
    ).toEqual(['query.from']);
    expect((await call(marketing, 'GET', '/api/admin/rounds')).statusCode).toBe(403);
    expect(errorCode((await call(null, 'GET', '/api/admin/rounds')).body)).toBe(
      'STAFF_UNAUTHENTICATED',
    );
    const asPlayer = await t.app.inject({ url: '/api/admin/rounds', headers: bearer(p.token) });
    expect(errorCode(asPlayer.body)).toBe('STAFF_UNAUTHENTICATED');

    // One round with its replay data and postings; the active seed stays secret to staff too.
    const detail = adminRoundDetailSchema.parse(
      (await call(finance, 'GET', `/api/admin/rounds/${settled[0]!.id}`)).json(),
    );
    expect(detail.summary).toMatchObject({ id: settled[0]!.id, bet: 500, game: 'dice' });
    expect(detail.replay.engine).toEqual(expect.any(String) as unknown);
    expect(detail.replay.serverSeed).toBeNull();
    expect(detail.replay.round.nonce).toBe(settled[0]!.nonce);
    expect(detail.postings.length).toBeGreaterThan(0);
    expect((await call(finance, 'GET', `/api/admin/rounds/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('rolls an open round back with a reason: the stake is refunded, audited, ledger intact', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'mines');
    const balance = (await f.open(token)).balance;
    const started = await f.start(token, { bet: 1_000, params: { mines: 3 } });
    expect((await f.open(token)).balance).toBe(balance - 1_000);
    const url = `/api/admin/rounds/${started.round.id}/rollback`;

    expect(failedFields(await call(support, 'POST', url, {}))).toEqual(['body.reason']);
    expect((await call(finance, 'POST', url, { reason: 'client crashed' })).statusCode).toBe(403);
    const res = await call(support, 'POST', url, { reason: 'client crashed' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = adminRoundDetailSchema.parse(res.json());
    expect(detail.summary).toMatchObject({ status: BetStatus.Refunded, bet: 1_000, payout: 1_000 });
    expect(detail.postings.map((x) => x.kind)).toContain('refund');
    expect((await f.open(token)).balance).toBe(balance);

    const audit = auditListSchema.parse(
      (
        await t.app.inject({
          url: `/api/admin/audit?targetId=${started.round.id}`,
          headers: finance.headers,
        })
      ).json(),
    ).data;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'round.rolled-back',
        staffId: support.id,
        reason: 'client crashed',
        before: { status: BetStatus.Open },
        after: { status: BetStatus.Refunded, refund: 1_000, currency: 'SC' },
      }),
    ]);
    // Settled now: refused, and nothing more is audited.
    const again = await call(support, 'POST', url, { reason: 'client crashed' });
    expect(errorCode(again.body)).toBe('ROUND_CLOSED');
    const unknown = await call(support, 'POST', `/api/admin/rounds/${randomUUID()}/rollback`, {
      reason: 'client crashed',
    });
    expect(unknown.statusCode).toBe(404);
    await f.expectLedgerInvariants();
  });

  it('lists the big-win alerts the game server recorded, newest first', async () => {
    const p = await f.scPlayer(0);
    const repo = createBigWinAlertsRepo(t.database.db);
    const first = randomUUID();
    const second = randomUUID();
    await repo.insertOnce({
      roundId: first,
      playerId: p.playerId,
      game: 'limbo',
      currency: 'SC',
      bet: 100,
      payout: 60_000,
      delivery: 'not_configured',
    });
    await repo.insertOnce({
      roundId: second,
      playerId: p.playerId,
      game: 'dice',
      currency: 'GC',
      bet: 10,
      payout: 1_000,
      delivery: 'sent',
    });
    const res = await call(support, 'GET', `/api/admin/big-wins?playerId=${p.playerId}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = adminBigWinListSchema.parse(res.json());
    expect(list.data.map((a) => a.roundId).sort()).toEqual([first, second].sort());
    expect(list.data.find((a) => a.roundId === first)).toMatchObject({
      payout: 60_000,
      delivery: 'not_configured',
    });
    expect(list.data[0]!.playerEmail).toContain('@');
    // Neither ISO nor in range: the field is named once.
    expect(failedFields(await call(support, 'GET', '/api/admin/big-wins?from=yesterday'))).toEqual([
      'query.from',
    ]);
    expect((await call(marketing, 'GET', '/api/admin/big-wins')).statusCode).toBe(403);
  });
});
