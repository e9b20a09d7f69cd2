import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BonusResult,
  BonusStatus,
  FreeSpinResult,
  FreeSpinStatus,
  playerBonusListSchema,
  playerBonusSchema,
  playerFreeSpinListSchema,
  playerFreeSpinSchema,
} from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorOf, failedFields } from '../player/player-fixtures.ts';
import {
  asPlayer,
  balanceOf,
  call,
  claimCode,
  definition,
  expectLedgerSound,
  newPlayer,
  promotions,
} from './bonus-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterAll(() => t.close());

async function grantManual(playerId: string) {
  const def = await definition(t, 'no-deposit-sc');
  const granted = await asPlayer(t, playerId, (tx) =>
    t.app.bonus.lifecycle.grant(tx, { playerId, definition: def, source: randomUUID() }),
  );
  return granted!.bonuses[0]!;
}

describe('GET /api/game/player-bonuses', () => {
  it('lists the player’s bonuses newest first, filtered by status (also status[]=), paged', async () => {
    const { token, playerId } = await newPlayer(t);
    const issued = await grantManual(playerId);
    const all = playerBonusListSchema.parse(
      (await call(t, 'GET', '/api/game/player-bonuses', token)).json(),
    );
    expect(all.meta).toEqual({ page: 1, perPage: 20, totalPages: 1, totalRows: 3 });
    expect(all.data[0]).toMatchObject({ id: issued.id, bonusSlug: 'no-deposit-sc', balance: 0 });
    // The welcome coins, paid at registration, are finished (played) bonuses.
    expect(all.data.slice(1).map((b) => [b.bonusSlug, b.status, b.result])).toEqual([
      ['welcome', BonusStatus.Finished, BonusResult.Played],
      ['welcome', BonusStatus.Finished, BonusResult.Played],
    ]);

    const open = await call(t, 'GET', '/api/game/player-bonuses?status[]=1&status[]=2', token);
    expect(playerBonusListSchema.parse(open.json()).data.map((b) => b.id)).toEqual([issued.id]);
    const paged = await call(t, 'GET', '/api/game/player-bonuses?status=3&perPage=1&page=2', token);
    expect(playerBonusListSchema.parse(paged.json()).meta).toEqual({
      page: 2,
      perPage: 1,
      totalPages: 2,
      totalRows: 2,
    });
  });

  it('answers 400 naming the field for a bad status or page, 401 without a session', async () => {
    const { token } = await newPlayer(t);
    expect(failedFields(await call(t, 'GET', '/api/game/player-bonuses?status=9', token))).toEqual([
      'query.status',
    ]);
    expect(failedFields(await call(t, 'GET', '/api/game/player-bonuses?page=0', token))).toEqual([
      'query.page',
    ]);
    expect((await call(t, 'GET', '/api/game/player-bonuses')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/game/player-freespins')).statusCode).toBe(401);
  });
});

describe('PUT /api/game/player-bonuses/{id}/activate and /cancel', () => {
  it('activates an issued bonus into the bonus balance and cancels it, forfeiting the rest', async () => {
    const { token, playerId } = await newPlayer(t);
    const issued = await grantManual(playerId);
    const before = await promotions(t, 'SC');

    const activated = await call(t, 'PUT', `/api/game/player-bonuses/${issued.id}/activate`, token);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(playerBonusSchema.parse(activated.json())).toMatchObject({
      status: BonusStatus.Active,
      balance: 500,
      wageringRequired: 1500,
      maxBet: 200,
    });
    expect(await balanceOf(t, playerId, 'SC', 'bonus')).toBe(500);
    expect(await promotions(t, 'SC')).toBe(before - 500);
    const again = await call(t, 'PUT', `/api/game/player-bonuses/${issued.id}/activate`, token);
    expect(errorOf(again)).toMatchObject({ code: 'CONFLICT' });

    const canceled = await call(t, 'PUT', `/api/game/player-bonuses/${issued.id}/cancel`, token);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(playerBonusSchema.parse(canceled.json())).toMatchObject({
      status: BonusStatus.Finished,
      result: BonusResult.Canceled,
      balance: 0,
      expiresAt: null,
    });
    expect(await balanceOf(t, playerId, 'SC', 'bonus')).toBe(0);
    expect(await promotions(t, 'SC')).toBe(before);
    await expectLedgerSound(t);
  });

  it('refuses to activate a bonus or free spins past their activation deadline, moving nothing', async () => {
    const { token, playerId } = await newPlayer(t);
    const issued = await grantManual(playerId);
    expect((await claimCode(t, token, 'FROSTY10', 3)).statusCode).toBe(200);
    const [spins] = playerFreeSpinListSchema.parse(
      (await call(t, 'GET', '/api/game/player-freespins?status=1', token)).json(),
    ).data;
    // The deadline passed before the expiry job came by.
    await t.database.db.execute(
      sql`update player_bonuses set expires_at = now() - interval '1 minute' where id = ${issued.id}`,
    );
    await t.database.db.execute(
      sql`update player_freespins set expires_at = now() - interval '1 minute' where id = ${spins!.id}`,
    );
    const before = await promotions(t, 'SC');
    for (const url of [
      `/api/game/player-bonuses/${issued.id}/activate`,
      `/api/game/player-freespins/${spins!.id}/activate`,
    ]) {
      const refused = await call(t, 'PUT', url, token);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(errorOf(refused)).toMatchObject({ code: 'CONFLICT', details: { reason: 'expired' } });
    }
    expect(await balanceOf(t, playerId, 'SC', 'bonus')).toBe(0);
    expect(await promotions(t, 'SC')).toBe(before);
  });

  it('answers 404 for another player’s bonus, 400 naming params.id, 401 without a session', async () => {
    const owner = await newPlayer(t);
    const issued = await grantManual(owner.playerId);
    const other = await newPlayer(t);
    for (const action of ['activate', 'cancel']) {
      const url = `/api/game/player-bonuses/${issued.id}/${action}`;
      expect(errorOf(await call(t, 'PUT', url, other.token))).toMatchObject({ code: 'NOT_FOUND' });
      expect((await call(t, 'PUT', url)).statusCode).toBe(401);
      const bad = await call(t, 'PUT', `/api/game/player-bonuses/abc/${action}`, other.token);
      expect(failedFields(bad)).toEqual(['params.id']);
    }
    expect(await balanceOf(t, owner.playerId, 'SC', 'bonus')).toBe(0);
  });
});

describe('/api/game/player-freespins', () => {
  it('lists free spins with their slot, activates and cancels them; 404 for another player', async () => {
    const { token } = await newPlayer(t);
    expect((await claimCode(t, token, 'FROSTY10', 3)).statusCode).toBe(200);
    const list = playerFreeSpinListSchema.parse(
      (await call(t, 'GET', '/api/game/player-freespins?status=1', token)).json(),
    );
    expect(list.meta).toEqual({ page: 1, perPage: 9, totalPages: 1, totalRows: 1 });
    const [spins] = list.data;
    expect(spins).toMatchObject({
      status: FreeSpinStatus.Issued,
      count: 10,
      used: 0,
      payout: 'bonus',
      game: { identity: 'frosty-fortunes', name: 'Frosty Fortunes' },
    });

    const other = await newPlayer(t);
    const url = (action: string) => `/api/game/player-freespins/${spins!.id}/${action}`;
    expect(errorOf(await call(t, 'PUT', url('activate'), other.token)).code).toBe('NOT_FOUND');
    expect(
      failedFields(await call(t, 'PUT', '/api/game/player-freespins/0/cancel', token)),
    ).toEqual(['params.id']);

    const active = await call(t, 'PUT', url('activate'), token);
    expect(playerFreeSpinSchema.parse(active.json()).status).toBe(FreeSpinStatus.Active);
    const canceled = await call(t, 'PUT', url('cancel'), token);
    expect(playerFreeSpinSchema.parse(canceled.json())).toMatchObject({
      status: FreeSpinStatus.Finished,
      result: FreeSpinResult.Canceled,
    });
    expect(errorOf(await call(t, 'PUT', url('cancel'), token)).code).toBe('CONFLICT');
    await expectLedgerSound(t);
  });
});
