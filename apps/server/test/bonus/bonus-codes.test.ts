import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BonusCodeStatus,
  BonusCodeTrigger,
  FreeSpinStatus,
  bonusCodeListSchema,
  playerBonusCodeSchema,
} from '@coinfall/shared';
import { bonusCodes } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorOf, failedFields } from '../player/player-fixtures.ts';
import {
  balanceOf,
  call,
  claimCode,
  definition,
  expectLedgerSound,
  newPlayer,
} from './bonus-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterAll(() => t.close());

const URL_CODES = '/api/game/bonuses/bonuscodes';

/** A code of its own for one test, on the `holiday-2026` definition unless told otherwise. */
async function makeCode(values: Partial<typeof bonusCodes.$inferInsert> = {}): Promise<string> {
  const code = `T${randomUUID().slice(0, 8)}`;
  const def = await definition(t, 'holiday-2026');
  await t.database.db.insert(bonusCodes).values({
    code,
    bonusId: def.id,
    trigger: BonusCodeTrigger.Instant,
    ...values,
  });
  return code;
}

const refusal = (res: Awaited<ReturnType<typeof call>>) => {
  const body = errorOf(res) as { code: string; message: string; details?: Record<string, unknown> };
  return { status: res.statusCode, code: body.code, ...body.details, message: body.message };
};

describe('POST /api/game/bonuses/bonuscodes', () => {
  it('applies an instant code at once: its bonuses are issued and active', async () => {
    const { token, playerId } = await newPlayer(t);
    const res = await claimCode(t, token, 'HOLIDAY2026', BonusCodeTrigger.Instant);
    expect(res.statusCode, res.body).toBe(200);
    expect(playerBonusCodeSchema.parse(res.json())).toMatchObject({
      bonusCode: 'HOLIDAY2026',
      trigger: BonusCodeTrigger.Instant,
      state: 'applied',
    });
    expect(await balanceOf(t, playerId, 'GC', 'bonus')).toBe(500_000);
    expect(await balanceOf(t, playerId, 'SC', 'bonus')).toBe(100);
    await expectLedgerSound(t);
  });

  it('refuses with 409 and bonusCodeStatus: 3 for no such code (case-sensitive), 4 with the reason', async () => {
    const { token } = await newPlayer(t);
    expect(refusal(await claimCode(t, token, 'holiday2026', 3))).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      bonusCodeStatus: BonusCodeStatus.Incorrect,
    });
    expect((await claimCode(t, token, 'HOLIDAY2026', 3)).statusCode).toBe(200);
    expect(refusal(await claimCode(t, token, 'HOLIDAY2026', 3))).toMatchObject({
      bonusCodeStatus: BonusCodeStatus.NotAvailable,
      message: 'You have used this bonus code already',
    });
    const expired = await makeCode({ expiresAt: new Date(Date.now() - 1000) });
    expect(refusal(await claimCode(t, token, expired, 3))).toMatchObject({
      bonusCodeStatus: BonusCodeStatus.NotAvailable,
      message: 'This bonus code has expired',
    });
    const later = await makeCode({ startsAt: new Date(Date.now() + 86_400_000) });
    expect(refusal(await claimCode(t, token, later, 3)).message).toBe(
      'This bonus code is not valid yet',
    );
    expect(refusal(await claimCode(t, token, 'COINS50', 3)).message).toBe(
      'This bonus code is entered with a purchase',
    );
    const wagerers = await makeCode({
      eligibility: { wagered: { currency: 'GC', minimum: 5_000, days: 7 } },
    });
    expect(refusal(await claimCode(t, token, wagerers, 3))).toMatchObject({
      bonusCodeStatus: BonusCodeStatus.NotAvailable,
      message: 'This offer needs 50.00 GC wagered in the last 7 days',
    });
  });

  it('takes a sign-up code from a new account only, whatever trigger the client names', async () => {
    const signUp = await makeCode({ trigger: BonusCodeTrigger.Registration });
    const fresh = await newPlayer(t);
    expect(
      (await claimCode(t, fresh.token, signUp, BonusCodeTrigger.Registration)).statusCode,
    ).toBe(200);
    const old = await newPlayer(t);
    await t.database.db.execute(
      sql`update players set created_at = now() - interval '2 days' where id = ${old.playerId}`,
    );
    expect(
      refusal(await claimCode(t, old.token, signUp, BonusCodeTrigger.Registration)),
    ).toMatchObject({
      bonusCodeStatus: BonusCodeStatus.NotAvailable,
      message: 'This bonus code is entered at sign-up, and the time for it has passed',
    });
  });

  it('answers 400 naming the field, 401 without a session', async () => {
    const { token } = await newPlayer(t);
    expect(failedFields(await call(t, 'POST', URL_CODES, token, { trigger: 3 }))).toEqual([
      'body.bonusCode',
    ]);
    expect(failedFields(await claimCode(t, token, 'HOLIDAY2026', 7))).toEqual(['body.trigger']);
    expect(
      (await call(t, 'POST', URL_CODES, undefined, { bonusCode: 'X', trigger: 3 })).statusCode,
    ).toBe(401);
    expect((await call(t, 'GET', URL_CODES)).statusCode).toBe(401);
    expect((await call(t, 'DELETE', `${URL_CODES}?playerBonusCodeId=1`)).statusCode).toBe(401);
  });

  // A hundred registrations first: more time than a usual test on a loaded machine.
  it(
    'gives a code capped at 10 to exactly 10 of 100 players claiming at once',
    { timeout: 120_000 },
    async () => {
      const code = await makeCode({ claimCap: 10 });
      const players = await Promise.all(Array.from({ length: 100 }, () => newPlayer(t)));
      const answers = await Promise.all(players.map((p) => claimCode(t, p.token, code, 3)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(90);
      expect(refusal(answers.find((a) => a.statusCode === 409)!).message).toBe(
        'This bonus code has been used up',
      );
      await expectLedgerSound(t);
    },
  );
});

describe('GET and DELETE /api/game/bonuses/bonuscodes', () => {
  it('keeps a purchase code pending, lists it by trigger (or type) and removes it', async () => {
    const { token } = await newPlayer(t);
    const entered = await claimCode(t, token, 'COINS50', BonusCodeTrigger.Purchase);
    expect(entered.statusCode, entered.body).toBe(200);
    const pending = playerBonusCodeSchema.parse(entered.json());
    expect(pending).toMatchObject({ state: 'pending', appliedAt: null });
    expect((await claimCode(t, token, 'HOLIDAY2026', 3)).statusCode).toBe(200);

    const byTrigger = await call(t, 'GET', `${URL_CODES}?trigger=2`, token);
    expect(bonusCodeListSchema.parse(byTrigger.json()).data.map((c) => c.bonusCode)).toEqual([
      'COINS50',
    ]);
    const byType = await call(t, 'GET', `${URL_CODES}?type=3`, token);
    expect(bonusCodeListSchema.parse(byType.json()).data.map((c) => c.bonusCode)).toEqual([
      'HOLIDAY2026',
    ]);

    const other = await newPlayer(t);
    const remove = (who: string, id: number) =>
      call(t, 'DELETE', `${URL_CODES}?playerBonusCodeId=${id}`, who);
    expect(errorOf(await remove(other.token, pending.playerBonusCodeId)).code).toBe('NOT_FOUND');
    expect((await remove(token, pending.playerBonusCodeId)).statusCode).toBe(204);
    expect(errorOf(await remove(token, pending.playerBonusCodeId)).code).toBe('NOT_FOUND');
    const applied = bonusCodeListSchema.parse(byType.json()).data[0]!;
    expect(errorOf(await remove(token, applied.playerBonusCodeId)).code).toBe('CONFLICT');
    expect(failedFields(await call(t, 'DELETE', URL_CODES, token))).toEqual([
      'query.playerBonusCodeId',
    ]);
    // Removed, the code may be entered again.
    expect((await claimCode(t, token, 'COINS50', 2)).statusCode).toBe(200);
  });

  it('applies the code’s free spins at once for an instant free-spins code', async () => {
    const { token } = await newPlayer(t);
    expect((await claimCode(t, token, 'FROSTY10', 3)).statusCode).toBe(200);
    const list = await call(t, 'GET', '/api/game/player-freespins', token);
    expect(list.json()).toMatchObject({ data: [{ status: FreeSpinStatus.Issued, count: 10 }] });
  });
});
