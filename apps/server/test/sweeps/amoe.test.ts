import { and, eq } from 'drizzle-orm';
import {
  AMOE_CODE_LENGTH,
  amoeCodeListSchema,
  amoeRequestListSchema,
  amoeRequestSchema,
} from '@coinfall/shared';
import {
  domainEvents,
  ledgerTransactions,
  players,
  staffAudit,
  sweepsCredits,
} from '../../src/db/schema/index.ts';
import { balanceOf, expectLedgerSound, newPlayer, promotions } from '../bonus/bonus-fixtures.ts';
import { bearer, errorOf, failedFields } from '../player/player-fixtures.ts';
import { signedInStaff, type SignedInStaff } from '../backoffice/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { backdateCode, envelope, generateCode, recordRequest } from './amoe-fixtures.ts';

const AMOUNT = 500;
let t: TestApp;
let compliance: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp({
    AMOE_AMOUNT: String(AMOUNT),
    AMOE_MAX_UNUSED_CODES: '3',
    AMOE_MAX_PER_DAY: '1',
    AMOE_MAX_PER_MONTH: '2',
  });
  compliance = await signedInStaff(t, 'compliance');
});
afterAll(() => t.close());

const record = (playerId: string, body: object, headers = compliance.headers) =>
  recordRequest(t, headers, playerId, body);

describe('GET/POST /api/player/amoe/codes', () => {
  it('generates single-use codes, lists them with the terms, and bounds the unused ones', async () => {
    const { token } = await newPlayer(t);
    const codes = [await generateCode(t, token), await generateCode(t, token)];
    expect(codes[0]).toMatch(new RegExp(`^AMOE-[0-9A-Z]{5}-[0-9A-Z]{${AMOE_CODE_LENGTH - 5}}$`));
    expect(new Set(codes).size).toBe(2);
    await generateCode(t, token);
    const fourth = await t.app.inject({
      method: 'POST',
      url: '/api/player/amoe/codes',
      headers: bearer(token),
    });
    expect(fourth.statusCode).toBe(409);
    expect(errorOf(fourth).code).toBe('LIMIT_EXCEEDED');

    const list = amoeCodeListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/player/amoe/codes', headers: bearer(token) })
      ).json(),
    );
    expect(list.data.map((c) => c.status)).toEqual(['unused', 'unused', 'unused']);
    expect(list.terms).toEqual({
      currency: 'SC',
      amount: AMOUNT,
      maxUnusedCodes: 3,
      maxPerDay: 1,
      maxPerMonth: 2,
      codeValidDays: 90,
    });
    const expires = new Date(list.data[0]!.expiresAt).getTime();
    expect(expires - new Date(list.data[0]!.createdAt).getTime()).toBe(90 * 86_400_000);
  });

  it('answers 401 to a guest', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/player/amoe/codes' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses a code where the state refuses Sweeps Coins play', async () => {
    const { token, playerId } = await newPlayer(t);
    await t.database.db
      .update(players)
      .set({ country: 'US', region: 'WA' })
      .where(eq(players.id, playerId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/player/amoe/codes',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('SWEEPS_NOT_ALLOWED');
  });
});

describe('POST /api/admin/players/{id}/amoe-requests', () => {
  it('credits the Sweeps Coins once from promotions, audited, pushed, the code used', async () => {
    const { token, playerId } = await newPlayer(t);
    const code = await generateCode(t, token);
    const before = await balanceOf(t, playerId, 'SC', 'player');
    const house = await promotions(t, 'SC');

    // Written by hand: lower case, spaces, O for 0 — still the code.
    const handwritten = code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o');
    const res = await record(playerId, envelope(handwritten, { reference: `ENV-A-${playerId}` }));
    expect(res.statusCode, res.body).toBe(201);
    const request = amoeRequestSchema.parse(res.json());
    expect(request).toMatchObject({ playerId, code, amount: AMOUNT, currency: 'SC' });
    expect(request.recordedBy).toBe(compliance.id);

    expect(await balanceOf(t, playerId, 'SC', 'player')).toBe(before + AMOUNT);
    expect(await promotions(t, 'SC')).toBe(house - AMOUNT);
    const [posting] = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, request.ledgerTransactionId));
    expect(posting!.kind).toBe('amoe.credit');
    const [credit] = await t.database.db
      .select()
      .from(sweepsCredits)
      .where(eq(sweepsCredits.ledgerTransactionId, request.ledgerTransactionId));
    expect(credit).toMatchObject({ source: 'amoe', amount: AMOUNT, wagered: 0 });
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'amoe.recorded'), eq(staffAudit.targetId, playerId)));
    expect(audit.map((a) => a.staffId)).toEqual([compliance.id]);
    const pushes = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.type, 'wallet.balance.updated'), eq(domainEvents.playerId, playerId)),
      );
    expect(pushes.length).toBeGreaterThan(0);

    const again = await record(playerId, envelope(code));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');
    expect(errorOf(again).message).toMatch(/recorded already/);
    expect(await balanceOf(t, playerId, 'SC', 'player')).toBe(before + AMOUNT);

    const mine = amoeCodeListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/player/amoe/codes', headers: bearer(token) })
      ).json(),
    );
    expect(mine.data[0]).toMatchObject({ code, status: 'used' });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players/${playerId}/amoe-requests`,
      headers: compliance.headers,
    });
    expect(amoeRequestListSchema.parse(listed.json()).data.map((r) => r.id)).toEqual([request.id]);
    await expectLedgerSound(t);
  });

  it('credits once when the same code is recorded twice at the same time', async () => {
    const { token, playerId } = await newPlayer(t);
    const code = await generateCode(t, token);
    const before = await balanceOf(t, playerId, 'SC', 'player');
    const other = await signedInStaff(t, 'admin');
    const results = await Promise.all([
      record(playerId, envelope(code)),
      record(playerId, envelope(code), other.headers),
      record(playerId, envelope(code)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await balanceOf(t, playerId, 'SC', 'player')).toBe(before + AMOUNT);
    const postings = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.playerId, playerId), eq(ledgerTransactions.kind, 'amoe.credit')),
      );
    expect(postings.length).toBe(1);
    await expectLedgerSound(t);
  });

  it('refuses a foreign, unknown or malformed code naming body.code', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const codeOfA = await generateCode(t, a.token);
    const foreign = await record(b.playerId, envelope(codeOfA));
    expect(foreign.statusCode).toBe(400);
    expect(failedFields(foreign)).toEqual(['body.code']);
    const unknown = await record(a.playerId, envelope('AMOE-00000-00000'));
    expect(unknown.statusCode).toBe(400);
    expect(failedFields(unknown)).toEqual(['body.code']);
    const malformed = await record(a.playerId, envelope('hello'));
    expect(malformed.statusCode).toBe(400);
    expect(failedFields(malformed)).toEqual(['body.code']);
  });

  it('answers 400 naming each missing or impossible field', async () => {
    const { token, playerId } = await newPlayer(t);
    const code = await generateCode(t, token);
    const empty = await record(playerId, {});
    expect(empty.statusCode).toBe(400);
    expect(failedFields(empty).sort()).toEqual([
      'body.code',
      'body.postmarkedOn',
      'body.receivedOn',
      'body.reference',
    ]);
    const badDay = await record(playerId, envelope(code, { receivedOn: '2026-02-30' }));
    expect(failedFields(badDay)).toEqual(['body.receivedOn']);
    const future = await record(playerId, envelope(code, { receivedOn: '2999-01-01' }));
    expect(failedFields(future)).toEqual(['body.receivedOn']);
    const late = await record(playerId, envelope(code, { postmarkedOn: '2999-01-01' }));
    expect(failedFields(late)).toEqual(['body.postmarkedOn']);
    const early = await record(playerId, envelope(code, { postmarkedOn: '2020-01-01' }));
    expect(failedFields(early)).toEqual(['body.postmarkedOn']);
  });

  it('refuses a code postmarked after it expired, and an envelope recorded already', async () => {
    const { token, playerId } = await newPlayer(t);
    const code = await generateCode(t, token);
    await backdateCode(t, code, 100);
    const late = await record(playerId, envelope(code));
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toMatch(/expired/);
    // Postmarked while it was valid, received later: credited.
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const reference = `ENV-${playerId}`;
    const inTime = await record(playerId, envelope(code, { postmarkedOn: day(20), reference }));
    expect(inTime.statusCode, inTime.body).toBe(201);

    const second = await generateCode(t, token);
    const sameEnvelope = await record(playerId, envelope(second, { reference }));
    expect(sameEnvelope.statusCode).toBe(409);
    expect(errorOf(sameEnvelope).message).toMatch(/envelope/);
  });

  it('holds the caps per postmark day and month', async () => {
    const { token, playerId } = await newPlayer(t);
    const codes = [];
    for (let i = 0; i < 3; i += 1) {
      const code = await generateCode(t, token);
      await backdateCode(t, code, 80);
      codes.push(code);
    }
    // Three days of one past month (UTC), all after the codes were generated.
    const month = new Date(Date.now() - 45 * 86_400_000);
    const first = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1));
    const day = (n: number) =>
      new Date(first.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    await backdateCode(t, codes[0]!, 200, 400);
    await backdateCode(t, codes[1]!, 200, 400);
    await backdateCode(t, codes[2]!, 200, 400);

    expect((await record(playerId, envelope(codes[0]!, { postmarkedOn: day(1) }))).statusCode).toBe(
      201,
    );
    const sameDay = await record(playerId, envelope(codes[1]!, { postmarkedOn: day(1) }));
    expect(sameDay.statusCode).toBe(409);
    expect(errorOf(sameDay)).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { cap: 'day' } });
    expect((await record(playerId, envelope(codes[1]!, { postmarkedOn: day(2) }))).statusCode).toBe(
      201,
    );
    const thirdInMonth = await record(playerId, envelope(codes[2]!, { postmarkedOn: day(3) }));
    expect(errorOf(thirdInMonth)).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      details: { cap: 'month' },
    });
  });

  it('gives no credit to an excluded player or where Sweeps Coins play is refused', async () => {
    const excluded = await newPlayer(t);
    const code = await generateCode(t, excluded.token);
    await t.database.db
      .update(players)
      .set({ excludedUntil: new Date(Date.now() + 7 * 86_400_000) })
      .where(eq(players.id, excluded.playerId));
    const res = await record(excluded.playerId, envelope(code));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('PLAYER_EXCLUDED');

    const moved = await newPlayer(t);
    const movedCode = await generateCode(t, moved.token);
    await t.database.db
      .update(players)
      .set({ country: 'US', region: 'Idaho' })
      .where(eq(players.id, moved.playerId));
    const refused = await record(moved.playerId, envelope(movedCode));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('SWEEPS_NOT_ALLOWED');
    for (const p of [excluded, moved]) {
      const credits = await t.database.db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.playerId, p.playerId),
            eq(ledgerTransactions.kind, 'amoe.credit'),
          ),
        );
      expect(credits).toEqual([]);
    }
  });

  it('lets only compliance and admin record: 403 for the other roles, 401 for a player', async () => {
    const { token, playerId } = await newPlayer(t);
    const code = await generateCode(t, token);
    for (const role of ['support', 'finance', 'marketing'] as const) {
      const staff = await signedInStaff(t, role);
      const res = await record(playerId, envelope(code), staff.headers);
      expect(res.statusCode, role).toBe(403);
    }
    const asPlayer = await record(playerId, envelope(code), bearer(token));
    expect(asPlayer.statusCode).toBe(401);
  });
});
