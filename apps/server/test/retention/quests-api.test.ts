import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { QuestState, type QuestTask } from '@coinfall/shared';
import { bearer, errorOf, register } from '../player/player-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { retentionFixtures } from './retention-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof retentionFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = retentionFixtures(t);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const activate = (id: number | string, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/retention/quests/${id}/activate`,
    headers: token ? bearer(token) : {},
  });

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe('GET /api/retention/player-quests and player-quest-packages', () => {
  it('refuses guests and names the bad field', async () => {
    expect((await get('/api/retention/player-quests')).statusCode).toBe(401);
    expect((await get('/api/retention/player-quest-packages')).statusCode).toBe(401);
    const { accessToken } = await register(t);
    const bad = await get('/api/retention/player-quests?state=9', accessToken);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(bad).details)).toContain('state');
    const perPage = await get('/api/retention/player-quest-packages?perPage=0', accessToken);
    expect(perPage.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(perPage).details)).toContain('perPage');
  });

  it('enrols a new player: single quests by activation, chain steps after the first locked (5)', async () => {
    const { accessToken, profile } = await register(t);
    const quests = await f.quests(accessToken);
    expect(quests.every((q) => q.playerId === profile.id)).toBe(true);
    expect(f.byIdentity(quests, 'first-rounds')).toMatchObject({
      state: QuestState.Activated,
      isActivated: true,
    });
    expect(f.byIdentity(quests, 'dice-roller')).toMatchObject({ state: 1, isManual: true });
    expect(f.byIdentity(quests, 'getting-started-1').state).toBe(QuestState.Activated);
    expect(f.byIdentity(quests, 'getting-started-2')).toMatchObject({
      state: QuestState.NotAccessible,
      isNotAccessible: true,
    });
    const [chain] = await f.packages(accessToken);
    expect(chain!.identity).toBe('getting-started');
    expect(chain!.quests.map((q) => q.position)).toEqual([1, 2, 3]);
    // state filters: active (1, 2) leaves out the locked steps.
    const active = await f.quests(accessToken, '?state=1,2');
    expect(active.some((q) => q.identity === 'getting-started-2')).toBe(false);
    expect(active.length).toBe(quests.length - 2);
  });
});

describe('GET /api/retention/quests and quest-packages', () => {
  it('lists the definitions to anyone, with names in every locale', async () => {
    const res = await get('/api/retention/quests');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { identity: string; name: Record<string, string> }[] }>();
    expect(body.data.map((q) => q.identity)).toContain('dice-roller');
    expect(Object.keys(body.data[0]!.name).sort()).toEqual(['en', 'es', 'pt-br']);
    const chains = await get('/api/retention/quest-packages?perPage=1');
    expect(chains.json<{ meta: { perPage: number } }>().meta.perPage).toBe(1);
    expect((await get('/api/retention/quests?page=0')).statusCode).toBe(400);
  });
});

describe('PUT /api/retention/quests/{id}/activate', () => {
  it('activates a manual quest once; 404 for another player’s; 400 for a bad id', async () => {
    const a = await register(t);
    const b = await register(t);
    const dice = f.byIdentity(await f.quests(a.accessToken), 'dice-roller');
    expect((await activate(dice.id)).statusCode).toBe(401);
    expect((await activate(dice.id, b.accessToken)).statusCode).toBe(404);
    expect((await activate('abc', a.accessToken)).statusCode).toBe(400);
    const ok = await activate(dice.id, a.accessToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ state: QuestState.Activated, isActivated: true });
    const again = await activate(dice.id, a.accessToken);
    expect(again.statusCode).toBe(409);
    const auto = f.byIdentity(await f.quests(a.accessToken), 'first-rounds');
    expect((await activate(auto.id, a.accessToken)).statusCode).toBe(409);
  });
});

describe('progress from real dice rounds', () => {
  it('counts rounds played through the game server; the wager task keeps to its currency', async () => {
    const rgs = rgsFixtures(t);
    const p = await rgs.scPlayer(50_000);
    const dice = f.byIdentity(await f.quests(p.token), 'dice-roller');
    expect((await activate(dice.id, p.token)).statusCode).toBe(200);
    const token = await rgs.launch(p, 'dice');
    await rgs.open(token);
    for (let i = 0; i < 3; i += 1) await rgs.start(token, { bet: 1_000, params: { target: 50 } });
    await f.deliverAll();
    const quests = await f.quests(p.token);
    const roller = f.byIdentity(quests, 'dice-roller');
    expect(roller.tasks.map((x) => [x.kind, x.progress])).toEqual([
      ['play-rounds', 3],
      // The task wagers Gold Coins; these rounds were Sweeps Coins.
      ['wager', 0],
    ]);
    expect(f.byIdentity(quests, 'first-rounds').tasks[0]!.progress).toBe(3);
    // The chain's first step (3 rounds) is done, paid, and the second one open.
    const step1 = f.byIdentity(quests, 'getting-started-1');
    expect(step1).toMatchObject({ state: QuestState.Awarded, isAwarded: true, isCompleted: true });
    expect(f.byIdentity(quests, 'getting-started-2').state).toBe(QuestState.Activated);
    const paid = await rowsOf<{ n: number }>(sql`select count(*)::int as n from ledger_transactions
      where kind = 'quest.reward' and player_id = ${p.playerId}`);
    expect(paid[0]!.n).toBe(1);
  });
});

describe('announcements', () => {
  it('a read announces the tasks it moved in one event per player, each task once, as it ended', async () => {
    const ada = await register(t);
    const bob = await register(t);
    const roller = f.byIdentity(await f.quests(ada.accessToken), 'dice-roller');
    expect((await activate(roller.id, ada.accessToken)).statusCode).toBe(200);
    await f.quests(bob.accessToken);
    await f.deliverAll();
    const [{ mark } = { mark: 0 }] = await rowsOf<{ mark: number }>(
      sql`select coalesce(max(id), 0)::int as mark from domain_events`,
    );
    // Committed together, so one read of the outbox holds all three rounds.
    const round = (playerId: string, bet: number) => ({
      type: 'game.round.settled' as const,
      playerId,
      payload: {
        roundId: randomUUID(),
        playerId,
        nickname: 'tester',
        gameId: 'dice',
        gameName: 'Dice',
        currency: 'GC',
        bet,
        payout: 0,
        device: 'desktop' as const,
        country: null,
        settledAt: new Date().toISOString(),
      },
    });
    await t.database.db.transaction((tx) =>
      f.outbox.recordMany(tx, [
        round(ada.profile.id, 1_000),
        round(bob.profile.id, 500),
        round(ada.profile.id, 2_000),
      ]),
    );
    await f.deliverAll();

    const announced = await rowsOf<{ playerId: string; tasks: QuestTask[] }>(sql`select
      player_id as "playerId", payload->'tasks' as tasks from domain_events
      where type = 'quest.tasks.updated' and id > ${mark} order by id`);
    expect(announced.map((a) => a.playerId).sort()).toEqual(
      [ada.profile.id, bob.profile.id].sort(),
    );
    for (const { playerId, tasks } of announced) {
      const token = playerId === ada.profile.id ? ada.accessToken : bob.accessToken;
      const stored = (await f.quests(token)).flatMap((q) => q.tasks);
      expect(new Set(tasks.map((x) => x.id)).size).toBe(tasks.length);
      for (const task of tasks) {
        expect(task.progress).toBe(stored.find((x) => x.id === task.id)!.progress);
      }
    }
    const adaTasks = announced.find((a) => a.playerId === ada.profile.id)!.tasks;
    const rollerTasks = adaTasks.filter((x) => x.questId === roller.id);
    expect(rollerTasks.map((x) => [x.kind, x.progress])).toEqual([
      ['play-rounds', 2],
      ['wager', 3_000],
    ]);
  });
});

describe('a chain walked end to end', () => {
  it('opens each step after the one before, pays every step and the chain once', async () => {
    const { accessToken, profile } = await register(t);
    await f.quests(accessToken);
    const play = (game: string, bet: number, payout: number) =>
      f.recordRound(profile.id, { game, currency: 'GC', bet, payout });
    for (let i = 0; i < 3; i += 1) await play('dice', 100, 0);
    await f.deliverAll();
    let quests = await f.quests(accessToken);
    expect(f.byIdentity(quests, 'getting-started-2').tasks[0]!.progress).toBe(0);
    await play('limbo', 100, 0);
    await play('limbo', 100, 0);
    await f.deliverAll();
    quests = await f.quests(accessToken);
    // Distinct games: limbo once, dice was before the step opened.
    expect(f.byIdentity(quests, 'getting-started-2').tasks[0]!.progress).toBe(1);
    // The second distinct game completes step 2; the win after it counts for step 3 (3,000).
    await play('dice', 100, 0);
    await play('dice', 1_000, 4_000);
    await f.deliverAll();
    quests = await f.quests(accessToken);
    expect(f.byIdentity(quests, 'getting-started-2').state).toBe(QuestState.Awarded);
    expect(f.byIdentity(quests, 'getting-started-3').tasks[0]!.progress).toBe(3_000);
    await play('dice', 1_000, 6_000);
    await f.deliverAll();
    const [chain] = await f.packages(accessToken);
    expect(chain!.quests.map((q) => q.state)).toEqual([4, 4, 4]);
    expect(chain).toMatchObject({ state: QuestState.Awarded, isAwarded: true });
    const rewards = await rowsOf<{ key: string }>(sql`select idempotency_key as key
      from ledger_transactions where kind = 'quest.reward' and player_id = ${profile.id}`);
    expect(rewards).toHaveLength(3);
    const bonuses = await rowsOf<{ source: string }>(sql`select source from player_bonuses
      where player_id = ${profile.id} and source like 'quest-package:%'`);
    expect(bonuses).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('a redelivered batch moves nothing twice', async () => {
    const { accessToken, profile } = await register(t);
    await f.quests(accessToken);
    await f.recordRound(profile.id, { game: 'dice', currency: 'GC', bet: 100, payout: 0 });
    await f.deliverAll();
    const before = f.byIdentity(await f.quests(accessToken), 'first-rounds').tasks[0]!.progress;
    const events = await rowsOf<Record<string, unknown>>(sql`select id, type, player_id, payload,
      occurred_at from domain_events where player_id = ${profile.id} order by id`);
    for (const handler of t.app.retention.handlers) {
      for (const e of events) {
        await handler({
          id: Number(e.id),
          type: String(e.type),
          playerId: profile.id,
          payload: e.payload as Record<string, unknown>,
          occurredAt: new Date(String(e.occurred_at)),
        });
      }
    }
    expect(f.byIdentity(await f.quests(accessToken), 'first-rounds').tasks[0]!.progress).toBe(
      before,
    );
    expect(before).toBe(1);
  });
});
