import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import {
  BetStatus,
  errorBodySchema,
  fairnessSchema,
  gameRoundSettledEventSchema,
  roundReplaySchema,
  type GameEngine,
} from '@coinfall/shared';
import { engineOf } from '@coinfall/shared/games/index';
import {
  domainEvents,
  fairnessSeeds,
  gameRounds,
  gameSessions,
  games,
  ledgerTransactions,
  players,
} from '../../src/db/schema/index.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { bearer, failedFields, register } from '../player/player-fixtures.ts';
import { gameSession, rgsFixtures } from './rgs-fixtures.ts';
import { sha256, verifierFloats } from './rgs-verifier.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof rgsFixtures>;
/** Every log line of the app, for the seed-leak check. */
const logs: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`, LOG_LEVEL: 'trace' });
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
  const stream = (t.app.log as unknown as Record<symbol, { write: (s: string) => void }>)[
    pino.symbols.streamSym
  ]!;
  stream.write = (line: string) => void logs.push(line);
  f = rgsFixtures(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json());
const LOSING_DICE = { target: 0.01, direction: 'under' } as const;

async function safeTile(roundId: string, taken: number[] = []): Promise<number> {
  const [row] = await db().select().from(gameRounds).where(eq(gameRounds.id, roundId));
  const mines = (row!.state as { mines: number[] }).mines;
  return [...Array(25).keys()].find((i) => !mines.includes(i) && !taken.includes(i))!;
}

async function ledgerCount(playerId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.playerId, playerId));
  return row!.n;
}

describe('POST /api/game/games/{id}/play', () => {
  it('refuses guests, unknown or disabled games, other currencies, other countries', async () => {
    expect((await f.call('POST', '/api/game/games/dice/play', {}, {})).statusCode).toBe(401);
    const p = await f.scPlayer(0);
    const play = (game: string) =>
      f.call('POST', `/api/game/games/${game}/play`, bearer(p.token), {});
    expect((await play('no-such-game')).statusCode).toBe(404);
    await db().update(games).set({ enabled: false }).where(eq(games.identity, 'keno'));
    expect((await play('keno')).statusCode).toBe(404);
    // Only in the US/CA collection: a player from France is refused, one from the US is not.
    await db().execute(sql`delete from game_collection_games where game_id =
      (select id from games where identity = 'pharaohs-vault') and collection_id =
      (select id from game_collections where identity = 'slots')`);
    await db().update(players).set({ country: 'FR' }).where(eq(players.id, p.playerId));
    const refused = await play('pharaohs-vault');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('GAME_UNAVAILABLE');
    await db().update(players).set({ country: 'US' }).where(eq(players.id, p.playerId));
    expect((await play('pharaohs-vault')).statusCode).toBe(200);

    const usd = await f.call('POST', '/api/wallet/accounts', bearer(p.token), { currency: 'USD' });
    await f.call(
      'PUT',
      `/api/wallet/accounts/${usd.json<{ id: string }>().id}/switch`,
      bearer(p.token),
    );
    const wrong = await play('dice');
    expect(wrong.statusCode).toBe(409);
    expect(errorOf(wrong).code).toBe('CURRENCY_NOT_PLAYABLE');
  });

  it('a country taken off the game after launch refuses the open session’s next round', async () => {
    const p = await f.scPlayer(10_000);
    await db().update(players).set({ country: 'US' }).where(eq(players.id, p.playerId));
    const token = await f.launch(p, 'dice');
    const bet = { bet: 1_000, params: { target: 50 } };
    expect((await f.startRaw(token, bet)).statusCode).toBe(200);
    await db()
      .update(games)
      .set({ countries: ['CA'] })
      .where(eq(games.identity, 'dice'));
    try {
      const refused = await f.startRaw(token, bet);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(errorOf(refused).code).toBe('GAME_UNAVAILABLE');
    } finally {
      await db().update(games).set({ countries: [] }).where(eq(games.identity, 'dice'));
    }
  });

  it('answers a launch URL whose fragment carries a token stored only as its hash', async () => {
    const p = await f.scPlayer(0);
    const token = await f.launch(p, 'dice');
    const [row] = await db()
      .select()
      .from(gameSessions)
      .where(eq(gameSessions.playerId, p.playerId));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.device).toBe('mobile');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(4 * 60 * 60 * 1000);
  });
});

describe('dice rounds', () => {
  it('settles in one step: balance moves by exactly bet − payout; a retry is the same round', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'dice');
    const state = await f.open(token);
    expect(state).toMatchObject({ currency: 'SC', balance: 10_000, openRound: null });
    expect(state.betLevels).toContain(1_000);
    const key = `round-${randomUUID()}`;
    const first = await f.startRaw(token, { bet: 1_000, params: { target: 50 } }, key);
    const a = f.answerOf(first);
    expect(a.round).toMatchObject({ bet: 1_000, done: true, nonce: 0, game: 'dice' });
    expect(a.balance).toBe(10_000 - 1_000 + a.round.payout);
    expect(a.round.status).toBe(a.round.payout > 0 ? BetStatus.Won : BetStatus.Lost);
    expect(a.fairness.nonce).toBe(1);
    const again = await f.startRaw(token, { bet: 1_000, params: { target: 50 } }, key);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await f.open(token)).balance).toBe(a.balance);

    const [event] = await db()
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.type, 'game.round.settled'), eq(domainEvents.playerId, p.playerId)),
      );
    expect(gameRoundSettledEventSchema.parse(event!.payload)).toMatchObject({
      roundId: a.round.id,
      gameId: 'dice',
      bet: 1_000,
      payout: a.round.payout,
      device: 'mobile',
    });
    await f.expectLedgerInvariants();
  });

  it('refuses a bet off the levels and params the engine refuses, naming the field', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'dice');
    const off = await f.startRaw(token, { bet: 1_234 });
    expect(off.statusCode).toBe(400);
    expect(errorOf(off)).toMatchObject({ code: 'BET_NOT_ALLOWED' });
    expect(errorOf(off).details?.fields?.[0]?.field).toBe('body.bet');
    const bad = await f.startRaw(token, { bet: 1_000, params: { target: 150 } });
    expect(bad.statusCode).toBe(400);
    expect(new Set(errorOf(bad).details?.fields?.map((x) => x.field))).toEqual(
      new Set(['body.params.target']),
    );
    const poor = await f.startRaw(token, { bet: 2_000, params: {} });
    const rich = await f.scPlayer(0);
    const broke = await f.startRaw(await f.launch(rich, 'dice'), { bet: 20, params: {} });
    expect(broke.statusCode).toBe(409);
    expect(errorOf(broke).code).toBe('INSUFFICIENT_FUNDS');
    expect(poor.statusCode).toBe(200);
  });

  it('enforces a wager limit at bet time (LIMIT_EXCEEDED)', async () => {
    const p = await f.scPlayer(10_000);
    const limit = await f.call('POST', '/api/player/limits', bearer(p.token), {
      type: 'wager',
      period: 'day',
      amount: 2_000,
      currency: 'SC',
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const token = await f.launch(p, 'dice');
    await f.start(token, { bet: 1_000, params: LOSING_DICE });
    await f.start(token, { bet: 1_000, params: LOSING_DICE });
    const over = await f.startRaw(token, { bet: 20, params: LOSING_DICE });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).code).toBe('LIMIT_EXCEEDED');
  });

  it('leaves nothing of a step whose transaction fails after the bet was booked', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'dice');
    await f.open(token);
    const before = {
      ledger: await ledgerCount(p.playerId),
      nonce: (await f.open(token)).fairness.nonce,
    };
    await db().execute(sql`create or replace function rgs_test_fail() returns trigger
      language plpgsql as $$ begin raise exception 'crash after the bet'; end $$`);
    await db().execute(sql`create trigger rgs_test_fail before insert on game_rounds
      for each row execute function rgs_test_fail()`);
    try {
      const res = await f.startRaw(token, { bet: 1_000, params: {} });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger rgs_test_fail on game_rounds`);
    }
    const after = await f.open(token);
    expect(after.balance).toBe(10_000);
    expect(after.fairness.nonce).toBe(before.nonce);
    expect(await ledgerCount(p.playerId)).toBe(before.ledger);
    const rounds = await db().select().from(gameRounds).where(eq(gameRounds.playerId, p.playerId));
    expect(rounds).toEqual([]);
    await f.expectLedgerInvariants();
  });
});

describe('mines rounds', () => {
  it('plays across calls, resumes identical after a reload, and settles on cash-out', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'mines');
    const started = await f.start(token, { bet: 1_000, params: { mines: 3 } });
    expect(started.round).toMatchObject({ done: false, status: BetStatus.Open, payout: 0 });
    expect(started.balance).toBe(9_000);
    const tile = await safeTile(started.round.id);
    const revealed = await f.act(token, started.round.id, { type: 'reveal', tile });
    expect(revealed.round.done).toBe(false);

    // The rule refusal leaves the round as it was.
    const twice = await f.actRaw(token, started.round.id, { type: 'reveal', tile });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice)).toMatchObject({
      code: 'GAME_RULE',
      details: { rule: 'TILE_ALREADY_REVEALED' },
    });
    const badAction = await f.actRaw(token, started.round.id, { type: 'dig' });
    expect(badAction.statusCode).toBe(400);
    expect(errorOf(badAction).details?.fields?.[0]?.field).toMatch(/^body\.action/);

    // A second open round of the game, and seed changes, wait for this one.
    expect(errorOf(await f.startRaw(token, { bet: 1_000, params: {} })).code).toBe('ROUND_OPEN');
    const rotate = await f.call('POST', '/api/game/fairness/rotate', bearer(p.token));
    expect(rotate.statusCode).toBe(409);
    expect(errorOf(rotate).code).toBe('ROUND_OPEN');
    const seed = await f.call('PUT', '/api/game/fairness/client-seed', bearer(p.token), {
      clientSeed: 'mine',
    });
    expect(errorOf(seed).code).toBe('ROUND_OPEN');

    // Reload: a new launch opens the same round, identical.
    const reloaded = await f.open(await f.launch(p, 'mines'));
    expect(reloaded.openRound).toEqual(revealed.round);

    // The session expires: new rounds are refused, the open one can finish.
    await db()
      .update(gameSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gameSessions.playerId, p.playerId));
    // Game sessions are never updated by the server, so its guard keeps them (decision 015):
    // a row edited behind its back is announced as a session change of the player.
    await t.app.sessionChanges.publish({ playerIds: [p.playerId] });
    const expired = await f.startRaw(token, { bet: 1_000, params: {} });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).code).toBe('GAME_SESSION_EXPIRED');
    const cashed = await f.act(token, started.round.id, { type: 'cashout' });
    expect(cashed.round.done).toBe(true);
    expect(cashed.round.payout).toBeGreaterThan(1_000);
    expect(cashed.balance).toBe(9_000 + cashed.round.payout);
    const closed = await f.actRaw(token, started.round.id, { type: 'cashout' });
    expect(errorOf(closed).code).toBe('ROUND_CLOSED');
    await f.expectLedgerInvariants();
  });

  it('is rolled back after its session expired: every stake refunded, no event, once', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'mines');
    const started = await f.start(token, { bet: 1_000, params: { mines: 3 } });
    await f.act(token, started.round.id, {
      type: 'reveal',
      tile: await safeTile(started.round.id),
    });
    await db()
      .update(gameSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gameSessions.playerId, p.playerId));
    const rollback = (reason: unknown) =>
      f.call('POST', `/api/dev/rounds/${started.round.id}/rollback`, operatorHeaders(), { reason });

    expect(failedFields(await rollback('  '))).toEqual(['body.reason']);
    const res = await rollback('game client crashed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: started.round.id,
      status: BetStatus.Refunded,
      bet: 1_000,
      payout: 1_000,
      done: true,
    });
    const accounts = await f.call('GET', '/api/wallet/accounts', bearer(p.token));
    const { data } = accounts.json<{ data: { currency: string; balance: number }[] }>();
    const sc = data.find((a) => a.currency === 'SC');
    expect(sc?.balance).toBe(10_000);
    const [refund] = await db()
      .select()
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.playerId, p.playerId), eq(ledgerTransactions.kind, 'refund')),
      );
    expect(refund?.metadata).toMatchObject({
      roundId: started.round.id,
      reason: 'game client crashed',
    });
    const settled = await db()
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.playerId, p.playerId), eq(domainEvents.type, 'game.round.settled')),
      );
    expect(settled).toEqual([]);

    // Settled now: a second rollback, and the player's action, are refused.
    expect(errorOf(await rollback('again')).code).toBe('ROUND_CLOSED');
    const late = await f.actRaw(token, started.round.id, { type: 'cashout' });
    expect(errorOf(late).code).toBe('ROUND_CLOSED');
    const unknown = await f.call(
      'POST',
      `/api/dev/rounds/${randomUUID()}/rollback`,
      operatorHeaders(),
      { reason: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
    await f.expectLedgerInvariants();
  });

  it('rolls an action back whole when its transaction fails', async () => {
    const p = await f.scPlayer(10_000);
    const token = await f.launch(p, 'mines');
    const started = await f.start(token, { bet: 1_000, params: { mines: 3 } });
    const tile = await safeTile(started.round.id);
    await f.act(token, started.round.id, { type: 'reveal', tile });
    const [before] = await db()
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.id, started.round.id));
    await db().execute(sql`create or replace function rgs_test_fail() returns trigger
      language plpgsql as $$ begin raise exception 'crash mid-action'; end $$`);
    await db().execute(sql`create trigger rgs_test_fail before update on game_rounds
      for each row execute function rgs_test_fail()`);
    try {
      expect((await f.actRaw(token, started.round.id, { type: 'cashout' })).statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger rgs_test_fail on game_rounds`);
    }
    const [after] = await db().select().from(gameRounds).where(eq(gameRounds.id, started.round.id));
    expect(after).toEqual(before);
    expect((await f.open(token)).balance).toBe(9_000);
    await f.expectLedgerInvariants();
  });
});

describe('blackjack rounds', () => {
  type HandView = { cards: unknown[]; stake: number; doubled: boolean; result: string | null };
  type TableView = { hands: HandView[]; actions: string[]; done: boolean };
  const BET = 1_000;

  /**
   * Deals rounds (standing on everything) until a deal offers `action`; answers that round,
   * open. A pair comes about once in 13 deals: 300 tries all missing is a 1-in-10¹⁰ event.
   */
  async function dealOffering(token: string, action: 'split' | 'double') {
    for (let tries = 0; tries < 300; tries += 1) {
      let answer = await f.start(token, { bet: BET, params: {} });
      if ((answer.round.view as TableView).actions.includes(action)) return answer;
      while (!answer.round.done) answer = await f.act(token, answer.round.id, { type: 'stand' });
    }
    throw new Error(`no deal offered ${action} in 300 rounds`);
  }

  /** Stakes, payout and postings of a finished round agree with the balance it left. */
  async function expectBooked(roundId: string, before: number, after: { balance: number }) {
    const [row] = await db().select().from(gameRounds).where(eq(gameRounds.id, roundId));
    const view = row!.view as TableView;
    const staked = view.hands.reduce((sum, h) => sum + h.stake, 0);
    expect(row!.bet).toBe(staked);
    expect(after.balance).toBe(before - staked + row!.payout);
    await f.expectLedgerInvariants();
  }

  it('doubles: one more card, the stake twice, booked as an extra bet', async () => {
    const p = await f.scPlayer(1_000_000);
    const token = await f.launch(p, 'blackjack');
    const dealt = await dealOffering(token, 'double');
    const before = dealt.balance + BET;
    const doubled = await f.act(token, dealt.round.id, { type: 'double' });
    const hand = (doubled.round.view as TableView).hands[0]!;
    expect(doubled.round.done).toBe(true);
    expect(hand).toMatchObject({ doubled: true, stake: 2 * BET });
    expect(hand.cards).toHaveLength(3);
    expect(doubled.round.bet).toBe(2 * BET);
    await expectBooked(dealt.round.id, before, doubled);
  });

  it('splits a pair into two hands, each staked, played and settled on its own', async () => {
    const p = await f.scPlayer(1_000_000);
    const token = await f.launch(p, 'blackjack');
    const dealt = await dealOffering(token, 'split');
    const before = dealt.balance + BET;
    let answer = await f.act(token, dealt.round.id, { type: 'split' });
    expect((answer.round.view as TableView).hands).toHaveLength(2);
    expect(answer.round.bet).toBe(2 * BET);
    // Split aces take one card each, and two 21s stand by themselves: then the split settles the
    // round at once, and its payout is in the balance already.
    const paid = answer.round.done ? answer.round.payout : 0;
    expect(answer.balance).toBe(before - 2 * BET + paid);
    // No second split; the first hand that may double does, the rest stand.
    let doubledOne = false;
    while (!answer.round.done) {
      const { actions } = answer.round.view as TableView;
      expect(actions).not.toContain('split');
      const type: 'double' | 'stand' =
        !doubledOne && actions.includes('double') ? 'double' : 'stand';
      doubledOne ||= type === 'double';
      answer = await f.act(token, dealt.round.id, { type });
    }
    const hands = (answer.round.view as TableView).hands;
    expect(hands.every((h) => h.result !== null)).toBe(true);
    expect(answer.round.bet).toBe((doubledOne ? 3 : 2) * BET);
    await expectBooked(dealt.round.id, before, answer);
  });
});

describe('access', () => {
  it('keeps players to their own rounds and each token to its own routes', async () => {
    const a = await f.scPlayer(10_000);
    const b = await f.scPlayer(10_000);
    const ta = await f.launch(a, 'mines');
    const tb = await f.launch(b, 'mines');
    const round = (await f.start(ta, { bet: 1_000, params: {} })).round;
    expect((await f.call('GET', `/api/rgs/rounds/${round.id}`, gameSession(tb))).statusCode).toBe(
      404,
    );
    expect((await f.actRaw(tb, round.id, { type: 'reveal', tile: 0 })).statusCode).toBe(404);
    expect(
      (await f.call('GET', `/api/game/spins/${round.id}/replay`, bearer(b.token))).statusCode,
    ).toBe(404);
    expect((await f.call('GET', `/api/rgs/rounds/${round.id}`, gameSession(ta))).statusCode).toBe(
      200,
    );
    // A game-session token is no player token, and the other way round.
    expect((await f.call('GET', '/api/game/fairness', gameSession(ta))).statusCode).toBe(401);
    expect((await f.call('GET', '/api/wallet/accounts', gameSession(ta))).statusCode).toBe(401);
    expect((await f.call('POST', '/api/rgs/session', bearer(a.token))).statusCode).toBe(401);
    expect((await f.call('POST', '/api/rgs/session', gameSession('0'.repeat(64)))).statusCode).toBe(
      401,
    );
    // Blocked since the launch: refused.
    await db().update(players).set({ status: 3 }).where(eq(players.id, b.playerId));
    const blocked = await f.call('POST', '/api/rgs/session', gameSession(tb));
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked).code).toBe('ACCOUNT_BLOCKED');
  });
});

describe('fairness', () => {
  it('reveals on rotation a seed matching the commitment, from which every round recomputes', async () => {
    const p = await f.scPlayer(50_000);
    const fair0 = fairnessSchema.parse(
      (await f.call('GET', '/api/game/fairness', bearer(p.token))).json(),
    );
    expect(fair0).toMatchObject({ nonce: 0, previous: null });
    const dice = await f.launch(p, 'dice');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await f.start(dice, { bet: 1_000, params: { target: 30 + i * 10 } })).round.id);
    }
    const mines = await f.launch(p, 'mines');
    const m = await f.start(mines, { bet: 1_000, params: { mines: 5 } });
    await f.act(mines, m.round.id, { type: 'reveal', tile: await safeTile(m.round.id) });
    await f.act(mines, m.round.id, { type: 'cashout' });
    ids.push(m.round.id);
    const before = await f.call('GET', `/api/game/spins/${ids[0]}/replay`, bearer(p.token));
    expect(roundReplaySchema.parse(before.json()).serverSeed).toBeNull();

    const rotated = fairnessSchema.parse(
      (await f.call('POST', '/api/game/fairness/rotate', bearer(p.token))).json(),
    );
    expect(rotated.previous).toMatchObject({ serverSeedHash: fair0.serverSeedHash, nonces: 6 });
    expect(sha256(rotated.previous!.serverSeed)).toBe(fair0.serverSeedHash);
    expect(rotated.serverSeedHash).not.toBe(fair0.serverSeedHash);
    expect(rotated.nonce).toBe(0);

    let mismatches = 0;
    for (const id of ids) {
      const replay = roundReplaySchema.parse(
        (await f.call('GET', `/api/game/spins/${id}/replay`, bearer(p.token))).json(),
      );
      expect(replay.serverSeed).toBe(rotated.previous!.serverSeed);
      const engine = engineOf(replay.engine) as GameEngine;
      const floats = verifierFloats(
        replay.serverSeed!,
        replay.round.clientSeed,
        replay.round.nonce,
      );
      let step = engine.start(
        floats,
        replay.round.bet,
        engine.paramsSchema.parse(replay.round.params),
      );
      for (const action of replay.actions) step = engine.act!(floats, step.state, action);
      if (step.payout !== replay.round.payout || !isDeepStrictEqual(step.view, replay.round.view)) {
        mismatches += 1;
      }
    }
    expect(mismatches).toBe(0);

    const seeded = fairnessSchema.parse(
      (
        await f.call('PUT', '/api/game/fairness/client-seed', bearer(p.token), {
          clientSeed: 'lucky-7',
        })
      ).json(),
    );
    expect(seeded).toMatchObject({ clientSeed: 'lucky-7', nonce: 0 });
    expect(seeded.previous?.serverSeedHash).toBe(rotated.serverSeedHash);
  });

  it('never shows the active server seed: responses, outbox, logs', async () => {
    const p = await f.scPlayer(50_000);
    const bodies: string[] = [];
    const keep = async <T extends { body: string }>(res: Promise<T>) => {
      const r = await res;
      bodies.push(r.body);
      return r;
    };
    await keep(f.call('GET', '/api/game/fairness', bearer(p.token)));
    const dice = await f.launch(p, 'dice');
    await keep(f.call('POST', '/api/rgs/session', gameSession(dice)));
    for (let i = 0; i < 3; i += 1) await keep(f.startRaw(dice, { bet: 1_000, params: {} }));
    const mines = await f.launch(p, 'mines');
    const m = f.answerOf(await keep(f.startRaw(mines, { bet: 1_000, params: {} })));
    await keep(f.actRaw(mines, m.round.id, { type: 'reveal', tile: await safeTile(m.round.id) }));
    await keep(f.call('POST', '/api/rgs/session', gameSession(mines)));
    await keep(f.call('GET', `/api/rgs/rounds/${m.round.id}`, gameSession(mines)));
    await keep(f.call('GET', `/api/game/spins/${m.round.id}/replay`, bearer(p.token)));
    await keep(f.actRaw(mines, m.round.id, { type: 'cashout' }));
    await keep(f.call('GET', '/api/game/fairness', bearer(p.token)));

    const [seed] = await db()
      .select()
      .from(fairnessSeeds)
      .where(and(eq(fairnessSeeds.playerId, p.playerId), eq(fairnessSeeds.active, true)));
    const secret = seed!.serverSeed;
    expect(bodies.length).toBeGreaterThan(8);
    for (const body of bodies) expect(body.includes(secret)).toBe(false);
    const outbox = await db().select().from(domainEvents);
    expect(outbox.some((e) => JSON.stringify(e.payload).includes(secret))).toBe(false);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.some((line) => line.includes(secret))).toBe(false);
  });
});

describe('register fixture', () => {
  it('plays in GC from registration (the default account)', async () => {
    const s = await register(t);
    const res = await f.call('POST', '/api/game/games/dice/play', bearer(s.accessToken), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ currency: string }>().currency).toBe('GC');
  });
});
